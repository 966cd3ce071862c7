import HTTPServer
import Store
import Wire

/// The SOA-style envelope of the Youfan actions that proxied Metersbonwe's SOA services
/// (WIRE.md §1.5): `{"isSuccess":1,"message":"","total":N,"results":[…]}`, no `status`/`data`.
/// HC `Controllers/Buy/HCProductDetailStyleViewModel.m` and TK `view/GoodsSelectPopupWindow.java`
/// read `results` at the top level; SP/GF bind `int isSuccess` (GF `bean/SizeBean.java`).
enum YoufanEnvelope {
    /// A PHP-style action's answer, `{"status":1,"info":"","data":…}` (`Envelope.youfan`'s bytes):
    /// a stored fragment (`.raw`) is copied once, into a body made its size.
    static func php(_ data: JSON) -> HTTPResponse {
        let dataCapacity = if case let .raw(bytes) = data { bytes.count } else { 256 - phpOpening.count - 1 }
        return php(reservingDataCapacity: dataCapacity) { data.encode(into: &$0) }
    }

    /// The same envelope, its `data` written by `writeData` straight into the body. The body is
    /// given room for `dataCapacity` bytes of data and the envelope at once: a writer that knows
    /// about how much it writes says so here, so that the body is allocated once.
    static func php(reservingDataCapacity dataCapacity: Int,
                    writingData writeData: (inout [UInt8]) throws -> Void) rethrows -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(phpOpening.count + dataCapacity + 1)
        body.append(contentsOf: phpOpening)
        try writeData(&body)
        body.append(UInt8(ascii: "}"))
        return .json(body)
    }

    private static let phpOpening = Array(#"{"status":1,"info":"","data":"#.utf8)

    static func soa(_ answer: YoufanSOAResults) -> HTTPResponse {
        .json(JSON.object([("isSuccess", 1), ("message", ""), ("total", .int(answer.total)),
                           ("results", answer.results)]).encoded())
    }

    /// A failed SOA action: HTTP 200, `isSuccess` 0, the message under each of `keys`, nothing found.
    static func soaFailure(_ message: String, as keys: [String] = ["message"]) -> HTTPResponse {
        let members: [(key: String, value: JSON)] = [("isSuccess", 0)] + keys.map { ($0, .string(message)) }
            + [("total", 0), ("results", .array([]))]
        return .json(JSON.object(members).encoded())
    }
}

/// What an SOA action found: this page's `results` and how many match in all.
struct YoufanSOAResults: Sendable {
    let results: JSON
    let total: Int

    init(results: JSON, total: Int) {
        self.results = results
        self.total = total
    }

    /// A page of `total` matches.
    init(_ list: YoufanList, total: Int) {
        self.init(results: .raw(list.json), total: total)
    }

    /// Every match on one page: `total` is the list's length.
    init(_ list: YoufanList) {
        self.init(list, total: list.count)
    }
}
