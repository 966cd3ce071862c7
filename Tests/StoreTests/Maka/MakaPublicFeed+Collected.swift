@testable import Store

extension MakaPublicFeed {
    /// A page's items copied out of SQLite's buffers, with the total, for tests to look at.
    func page(tagId: Int64?, index: Int, size: Int) throws -> (items: [[UInt8]], total: Int) {
        var items: [[UInt8]] = []
        let total = try page(tagId: tagId, index: index, size: size) { items.append(Array($0)) }
        return (items, total)
    }
}
