import Store
import Wire

/// One captured Youfan exchange being stored: its request parameters (read as the server read
/// them), the envelope's `data`, and the import's connection the repositories write on.
struct YoufanCapture {
    let query: YoufanQuery
    let data: JSON
    let connection: Connection

    // MARK: Whole documents

    func homeLayout() throws -> Bool {
        guard let cid = channel, data.objectValue != nil else { return false }
        try YoufanLayoutRepository.saveHomeLayout(data.encoded(), page: text("page") ?? "home", cid: cid, in: connection)
        return true
    }

    func hotLayout() throws -> Bool {
        guard let cid = channel, data.objectValue != nil else { return false }
        try YoufanLayoutRepository.saveHotLayout(data.encoded(), cid: cid, in: connection)
        return true
    }

    func categoryTree() throws -> Bool {
        guard let cid = channel, data.arrayValue != nil else { return false }
        try YoufanLayoutRepository.saveCategoryTree(data.encoded(), cid: cid, in: connection)
        return true
    }

    func appConfig() throws -> Bool {
        guard data.objectValue != nil else { return false }
        try YoufanLayoutRepository.saveAppConfig(data.encoded(), type: text("type") ?? "1", in: connection)
        return true
    }

    // MARK: Reading the captured request

    /// A non-empty parameter value.
    func text(_ name: String) -> String? { query.optional(name) }

    /// The channel of the request; a capture without one cannot be filed.
    var channel: Int? { text("cid").map(PHPInteger.intval) }

    /// The position of the first item of the captured page (`index × size`), counted as the
    /// action counts it.
    func firstPosition(index indexName: String, sizes sizeNames: [String], fallbackSize: Int) -> Int {
        YoufanPage(index: query.pageIndex(indexName), size: query.pageSize(sizeNames, fallback: fallbackSize)).offset
    }

    /// A member of an item as text, whether captured as a string or a number.
    static func identifier(_ item: JSON, _ key: String) -> String? {
        guard let member = item[key] else { return nil }
        if let text = member.stringValue, !text.isEmpty { return text }
        return member.intValue.map(String.init)
    }
}
