@testable import Store

extension MakaPublicFeed {
    /// A page's items copied out of the runs the feed lends, with the total, for tests to look at.
    func page(tagId: Int64?, index: Int, size: Int) throws -> (items: [[UInt8]], total: Int) {
        var items: [[UInt8]] = []
        let total = try page(tagId: tagId, index: index, size: size) { items += Self.items(inRun: Array($0)) }
        return (items, total)
    }

    /// The page as the statements read it, one item at a time, with the total.
    func pageBySQL(tagId: Int64?, index: Int, size: Int) throws -> (items: [[UInt8]], total: Int) {
        var items: [[UInt8]] = []
        let total = try pageBySQL(tagId: tagId, skipped: (index - 1) * size, size: size) { items.append(Array($0)) }
        return (items, total)
    }

    /// The JSON texts of `run` (items joined by commas): split at the commas outside every
    /// string, object and array.
    static func items(inRun run: [UInt8]) -> [[UInt8]] {
        var items: [[UInt8]] = []
        var start = 0
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in run.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                items.append(Array(run[start..<offset]))
                start = offset + 1
            default: break
            }
        }
        items.append(Array(run[start...]))
        return items
    }
}
