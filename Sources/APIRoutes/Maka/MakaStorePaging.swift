import Wire

/// Paging and filter of the store routes (WIRE.md §1.6, §4.5): `cateId` (a category id; `-1`,
/// empty or absent: all), `pageNumber` 0-based (default 0), `perPage` (default 20, 1–100).
/// FP sends `perPage` not at all and `order=` empty; `order` is ignored (the default order).
struct MakaStorePaging: Sendable, Equatable {
    static let defaultSize = 20
    static let maximumSize = 100

    /// nil: every category.
    let categoryId: Int64?
    let pageNumber: Int
    let perPage: Int

    var offset: Int { pageNumber * perPage }

    init(_ parameters: some MakaParameterSource) throws(MakaFailure) {
        let category = parameters["cateId"] ?? ""
        if category.isEmpty || category == "-1" {
            categoryId = nil
        } else {
            categoryId = try MakaInput.id(category, name: "cateId")
        }
        pageNumber = try Self.integer(parameters["pageNumber"], name: "pageNumber", default: 0, range: 0...999_999_999)
        perPage = try Self.integer(parameters["perPage"], name: "perPage", default: Self.defaultSize,
                                   range: 1...Self.maximumSize)
    }

    /// The answer object QT (`QTBuyMainView.m`, `data.dataList`) and FP (`Demo/DemoViewModel.m`,
    /// binding `cateId` and `perPage` as strings) read, with `items` writing `dataList`'s
    /// elements, comma-separated, straight into it.
    func answer(total: Int, items: (inout [UInt8]) -> Void) -> JSON {
        var bytes: [UInt8] = []
        bytes.appendMember(#"{"cateId":"#, text: categoryId.map { String($0) } ?? "-1")
        bytes.appendMember(#","perPage":"#, text: String(perPage))
        bytes.appendMember(#","pageNumber":"#, integer: pageNumber)
        bytes.appendMember(#","total":"#, integer: total)
        bytes.append(static: #","dataList":["#)
        items(&bytes)
        bytes.append(static: "]}")
        return .raw(bytes)
    }

    private static func integer(_ text: String?, name: String, default fallback: Int,
                                range: ClosedRange<Int>) throws(MakaFailure) -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard let value = MakaInput.decimal(text), range.contains(value) else {
            throw .invalid("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
