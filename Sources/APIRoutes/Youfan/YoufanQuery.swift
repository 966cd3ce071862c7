import HTTPServer
import Wire

/// The parameters of one Youfan call (body first, then query string), with the typed reads the
/// actions need. Volatile client parameters are simply never read.
struct YoufanQuery {
    let parameters: Parameters

    /// The largest page the server hands out; a bigger `pageSize` is a client bug, not a wish.
    static let maximumPageSize = 100

    /// A required, non-empty parameter.
    func required(_ name: String) throws(YoufanFailure) -> String {
        guard let value = parameters[name], !value.isEmpty else { throw .missing(name) }
        return value
    }

    /// An optional parameter; empty counts as absent (clients send `token=` and the like).
    func optional(_ name: String) -> String? {
        guard let value = parameters[name], !value.isEmpty else { return nil }
        return value
    }

    /// The channel `cid` (1 men, 2 women, 4 life): required, a non-negative integer.
    func channel() throws(YoufanFailure) -> Int {
        let value = try required("cid")
        guard let cid = Int(value), cid >= 0 else {
            throw .invalid("cid", value, expected: "频道编号: 1 男士, 2 女士, 4 生活")
        }
        return cid
    }

    /// A 0-based page index, `fallback` when absent.
    func pageIndex(_ name: String, fallback: Int = 0) throws(YoufanFailure) -> Int {
        guard let value = optional(name) else { return fallback }
        guard let index = Int(value), index >= 0 else {
            throw .invalid(name, value, expected: "从 0 开始的页码")
        }
        return index
    }

    /// A page size in 1…`maximumPageSize`, read from the first of `names` that is present.
    func pageSize(_ names: [String], fallback: Int) throws(YoufanFailure) -> Int {
        guard let name = names.first(where: { optional($0) != nil }), let value = optional(name) else {
            return fallback
        }
        guard let size = Int(value), (1...Self.maximumPageSize).contains(size) else {
            throw .invalid(name, value, expected: "每页条数 1–\(Self.maximumPageSize)")
        }
        return size
    }
}
