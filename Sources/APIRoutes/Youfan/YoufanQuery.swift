import HTTPServer
import Wire

/// The parameters of one Youfan call as ThinkPHP 3.2 on PHP saw them (WIRE.md §1.4), with the
/// typed reads the actions need. Volatile client parameters are simply never read.
///
/// - Names are normalised as PHP registers them (`PHPParameterName`): TK and SP send the literal
///   `& aid=2245` (TK `utils/UrlContants.java` `LG_5`), which the server read as `aid`.
/// - A repeated name keeps its last value (TK `fragment/PurchaseFragment.java` sends `cid` twice).
/// - The body wins over the query string (`array_merge($_GET, $_POST)` in `invokeAction`).
/// - Numbers are read with PHP `intval` and never rejected (`pageIndex=1 ` is page 1).
struct YoufanQuery: Sendable {
    /// The parameters in the order PHP assigned them, names normalised; of a repeated name the
    /// last pair counts. A call carries a handful, so a look-up walks them from the end,
    /// comparing names, instead of hashing every name into a dictionary first.
    private let pairs: [(name: String, value: String)]
    /// The request's header fields, read only for `origin` (nil: none known).
    private let headers: HTTPHeaders?

    /// `http://` and the `Host` the request came in on (nil without one): the address a launch
    /// configuration hands back so that the app's next calls come to this server.
    var origin: String? {
        guard let host = headers?[.host], !host.isEmpty else { return nil }
        return "http://\(host)"
    }

    /// The largest page the server hands out; a bigger size is served as this many.
    static let maximumPageSize = 100

    init(query: Parameters, body: Parameters = Parameters(), headers: HTTPHeaders? = nil) {
        var pairs = query.pairs
        if !body.isEmpty { pairs.append(contentsOf: body.pairs) }
        for index in pairs.indices {
            let name = PHPParameterName.normalised(pairs[index].name)
            if name != pairs[index].name { pairs[index].name = name }
        }
        self.pairs = pairs
        self.headers = headers
    }

    private init(pairs: [(name: String, value: String)], headers: HTTPHeaders?) {
        self.pairs = pairs
        self.headers = headers
    }

    /// These parameters with `m` and `a` set: a call whose path names its action.
    func addressed(module: String, action: String) -> YoufanQuery {
        YoufanQuery(pairs: pairs + [(name: "m", value: module), (name: "a", value: action)], headers: headers)
    }

    /// The value of `name` as sent, empty included.
    subscript(name: String) -> String? { pairs.last { $0.name == name }?.value }

    /// A required, non-empty parameter (ThinkPHP: `参数错误或者未定义:<name>`).
    func required(_ name: String) throws(YoufanFailure) -> String {
        guard let value = optional(name) else { throw .missing(name) }
        return value
    }

    /// An optional parameter; empty counts as absent (clients send `token=` and the like).
    func optional(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }

    /// The first of `names` that is present and non-empty (`PageSize`/`pageSize`, `IDS`/`ids` …).
    func optional(_ names: [String]) -> String? {
        names.lazy.compactMap { optional($0) }.first
    }

    /// `intval` of a parameter, `fallback` when it is absent or empty.
    func integer(_ name: String, fallback: Int) -> Int {
        optional(name).map(PHPInteger.intval) ?? fallback
    }

    /// The channel `cid` (1 men, 2 women, 4 life): required; its `intval` (so `cid=null` is 0,
    /// a channel with nothing stored).
    func channel() throws(YoufanFailure) -> Int {
        PHPInteger.intval(try required("cid"))
    }

    /// A page index counted from `base`; absent, empty or below `base` is the first page.
    /// The result is 0-based.
    func pageIndex(_ name: String, base: Int = 0) -> Int {
        max(integer(name, fallback: base), base) - base
    }

    /// A page size read from the first of `names` that is present; below 1 gives `fallback`,
    /// above `maximumPageSize` gives `maximumPageSize`.
    func pageSize(_ names: [String], fallback: Int) -> Int {
        guard let value = optional(names) else { return fallback }
        let size = PHPInteger.intval(value)
        return size < 1 ? fallback : min(size, Self.maximumPageSize)
    }
}
