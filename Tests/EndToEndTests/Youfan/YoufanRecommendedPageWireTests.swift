import Crypto
import Testing
import TestSupport
import Wire

/// The recommended list's answers pinned byte for byte on the bundled seeds, as GF asks for them
/// (`utils/UrlUtils.java` `INDEX_PAGER_PATH`: `m=Product&a=getRecommedProductList&token=&page=%d&num=10`)
/// and as HC asks for a channel (`cid`): the page's query, its envelope and the parameters' decoding
/// may be made cheaper, but the bytes a client reads may not move. The digests are of the answers
/// main served before the route's work of 2026-11-27 (`serve-merged`).
@Suite struct YoufanRecommendedPageWireTests {
    static let shared = YoufanTestServer.forSuite()
    let server: YoufanTestServer

    init() async throws { server = try await Self.shared.value }

    struct PinnedPage: Sendable, CustomTestStringConvertible {
        let query: String
        let bytes: Int
        let sha256: String
        var testDescription: String { query }
    }

    static let pages = [
        PinnedPage(query: "token=&page=0&num=10", bytes: 5842, sha256: "7dca13fa775288dda9b1a1aeee3e24ab27b66388c299aec4cfc5bacc470621ba"),
        PinnedPage(query: "token=&page=1&num=10", bytes: 6112, sha256: "78935464d90025ffa35345078fb7694be23938e2ad4c60b5336a194bf859abe5"),
        PinnedPage(query: "token=&page=5&num=10", bytes: 6054, sha256: "c92365dbd1b5bcaa2f2827db692770abc9ebb44789f17817d7f66ed18d41922f"),
        // The last page holds the last 7 of the 1227 products; the next one is empty.
        PinnedPage(query: "token=&page=122&num=10", bytes: 4203, sha256: "ad744b9d33aada0315e1c7ef7447c68f7fa56743d835e522ab8056766ea8dc21"),
        PinnedPage(query: "token=&page=123&num=10", bytes: 234, sha256: "696d95ad4a2005fb0e46f34b788d0a1a6391f1fdc832ccb9a038d2c1dc25fcea"),
        PinnedPage(query: "page=0", bytes: 11721, sha256: "28e094181be4d57f091df82354611d109b7ef793ed260d44a9b75ae688cdeab9"),
        PinnedPage(query: "cid=2&page=3&num=10", bytes: 6047, sha256: "a70b069c138c25f8f37be93e350a3c818e9c0f52d95abe97262fe3cda201967c"),
        PinnedPage(query: "cid=4&page=19&num=20", bytes: 4732, sha256: "f3cd6d9ff37792375c568a32dff92346b2ef55dbd32626d0980fca2b7e17c6b0"),
    ]

    @Test(arguments: pages)
    func aPageIsTheBytesItWas(_ page: PinnedPage) async throws {
        try await expectPinned(page, asked: page.query)
    }

    /// Escapes and `+` are decoded before `intval` reads the numbers: `%31` is `1`, `+1` is ` 1`.
    @Test func anEncodedPageNumberAsksForTheSamePage() async throws {
        let pageOne = try #require(Self.pages.first { $0.query == "token=&page=1&num=10" })
        for asked in ["token=&page=%31&num=1%30", "token=&page=+1&num=10+", "tok%65n=&pag%65=1&num=10"] {
            try await expectPinned(pageOne, asked: asked)
        }
    }

    /// A name or value that cannot be decoded is a 400 naming the parameter, in the Youfan
    /// envelope; the list is served as it was afterwards.
    @Test func aBadlyEncodedParameterIs400AndTheListStaysAsItWas() async throws {
        let refused: [(query: String, info: String)] = [
            ("token=&page=1&num=10%", "query parameter 'num'"),   // a lone `%` at the end
            ("token=&page=%&num=10", "query parameter 'page'"),   // a lone `%`
            ("token=&page=%1&num=10", "query parameter 'page'"),  // an escape cut short by `&`
            ("token=&page=1&num=%FF", "query parameter 'num'"),   // decodes to a byte that is not UTF-8
            ("token=&page=1&num=%E6%9C", "query parameter 'num'"), // a character cut short
            ("token=&pa%zge=1&num=10", "query parameter name 'pa%zge'"),
        ]
        for (query, info) in refused {
            let response = try await RawHTTPClient.exchangeUntilClose(port: server.port, "GET", Self.target(query))
            let json = try JSON.parse(response.body)
            #expect(response.status == 400, "\(query)")
            #expect(json["status"] == 0 && json["data"]?.isNull == true, "\(query)")
            #expect(json["info"]?.stringValue == "参数编码错误: invalid percent-encoding or UTF-8 in \(info)", "\(query)")
        }
        for page in Self.pages.prefix(3) { try await expectPinned(page, asked: page.query) }
    }

    private static func target(_ query: String) -> String {
        "/mbfun_server/index.php?m=Product&a=getRecommedProductList&\(query)"
    }

    private func expectPinned(_ page: PinnedPage, asked query: String,
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let response = try await RawHTTPClient.exchangeUntilClose(port: server.port, "GET", Self.target(query))
        #expect(response.status == 200, "\(query)", sourceLocation: sourceLocation)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        #expect(response.body.count == page.bytes, "\(query)", sourceLocation: sourceLocation)
        let digest = SHA256.hash(data: response.body).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(digest == page.sha256, "\(query)", sourceLocation: sourceLocation)
    }
}
