import Crypto
import Foundation
import Testing
import TestSupport

/// The answers built from stylist collocations and specials, pinned byte for byte on the seeded
/// database: the topic list (GF `Click_More`, MB's pages), the community "热门" page (GF `HOT`),
/// and the official app's topic screens, which all make their topics the same way. The digests
/// are of the bodies main's server gave before youfan.016 (topics read from stored fragments
/// instead of whole documents); a server of this suite's own, so no other suite's post moves them.
@Suite struct YoufanTopicAnswerPinTests {
    static let server = SharedFixture { try YoufanTestServer() }

    /// Query, body length, SHA-256 of the body.
    static let pinned: [(query: String, length: Int, sha256: String)] = [
        ("m=Topic&a=getTopicList&page=0", 8625, "7b814bbe9026b518c29ba79b4b0fb0297aeb39373f51c820b0642ff631fde105"),
        ("m=Topic&a=getTopicList&page=1", 8623, "4dae844641b9b02ad5ed3ada6d91afc99d8c3c96f38c246b45de75080d5567ae"),
        ("m=Topic&a=getTopicList&page=2", 8621, "3dd92a38ec708e458ae2220b040b351a08d75ad9c9c1e575db861a405bc12348"),
        ("m=Home&a=getHotLayoutInfo", 7794, "adee602c3356b52fd3c20ae8b537b2b72c79957da4d190fc7346a3e0a66df248"),
        ("m=Home&a=getHotLayoutInfo&page=1", 4389, "2313c7d46c9a6a310e18d4063c2a255540f1c35c397f4e28e4d63b8cbfb8bf17"),
        ("m=Home&a=getHotLayoutInfo&page=2", 4383, "ffa520088b9b7a47a16f8df57ce16e148d26b95d8cfd00b643e71c76f80ac2c1"),
        ("m=Topic&a=getTopicRandomList&page=0&num=3", 2610, "7f9f6eb0b20308edf797f020dc792da889a1ee84cb2678dd43e4849a9550f51c"),
        ("m=Topic&a=getTopicLayout", 8683, "c776e3a8be7e66b8876d94905fcff9a89aa3d4d382b626a2fa0c19fdd78e2b89"),
    ]

    @Test(arguments: pinned.indices)
    func theAnswerIsTheOnePinned(_ index: Int) async throws {
        let (query, length, sha256) = Self.pinned[index]
        let port = try await Self.server.value.port
        let response = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/mbfun_server/index.php?\(query)")
        #expect(response.status == 200, "\(query)")
        let digest = SHA256.hash(data: response.body).map { String(format: "%02x", $0) }.joined()
        #expect(response.body.count == length && digest == sha256,
                "\(query): \(response.body.count) bytes, sha256 \(digest): \(response.text.prefix(400))")
    }
}
