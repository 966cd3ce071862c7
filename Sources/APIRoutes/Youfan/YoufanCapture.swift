import Store
import Wire

/// One captured Youfan exchange being stored: its request parameters (first value of each),
/// the envelope's `data`, and the import's connection the repositories write on.
struct YoufanCapture {
    let parameters: [String: String]
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
    func text(_ name: String) -> String? {
        guard let value = parameters[name], !value.isEmpty else { return nil }
        return value
    }

    /// The channel of the request; a capture without one cannot be filed.
    var channel: Int? { text("cid").flatMap { Int($0) } }

    /// The position of the first item of the captured page (`index × size`).
    func firstPosition(index indexName: String, sizes sizeNames: [String], fallbackSize: Int) -> Int {
        let index = text(indexName).flatMap { Int($0) } ?? 0
        let size = sizeNames.lazy.compactMap { self.text($0).flatMap { Int($0) } }.first ?? fallbackSize
        return YoufanPage(index: index, size: size).offset
    }

    /// A member of an item as text, whether captured as a string or a number.
    static func identifier(_ item: JSON, _ key: String) -> String? {
        guard let member = item[key] else { return nil }
        if let text = member.stringValue, !text.isEmpty { return text }
        return member.intValue.map(String.init)
    }
}
