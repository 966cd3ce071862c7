import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 12: parameters a client varies on every call (a timestamp, a signature) can be
/// ignored for matching captures per path prefix at runtime, through
/// `/__admin/ignored-parameters`, until `DELETE` or a reset.
@Suite struct IgnoredParametersEndToEndTests {
    static let seedFile = """
        [{"request": {"method": "GET", "url": "/app/feed?page=1&timestamp=1700000000&sign=abc"},
          "response": {"status": 200, "body": "feed"}},
         {"request": {"method": "GET", "url": "/app/other?page=1&timestamp=1700000000"},
          "response": {"status": 200, "body": "other"}}]
        """

    let seeds: TemporaryDirectory
    let fixture: ControlsFixture

    init() async throws {
        seeds = try TemporaryDirectory("ignored-seeds")
        try Data(Self.seedFile.utf8).write(to: seeds.url.appendingPathComponent("seed.json"))
        fixture = try await ControlsFixture(seedsDirectory: seeds.url.path)
    }

    func admin(_ method: String, body: String? = nil) async throws -> (Int, JSON) {
        let headers = body == nil ? [:] : ["Content-Type": "application/json"]
        let (response, text) = try await fixture.fetch("/__admin/ignored-parameters", method: method, headers: headers, body: body)
        return (response.statusCode, try ControlsFixture.json(text))
    }

    /// The feed and the other path asked with a fresh timestamp and signature.
    func replayed() async throws -> [Int] {
        [try await fixture.fetch("/app/feed?sign=zzz&page=1&timestamp=1800000000").0.statusCode,
         try await fixture.fetch("/app/other?page=1&timestamp=1800000000").0.statusCode]
    }

    let feedRule = #"{"rules":[{"pathPrefix":"/app/feed","names":["timestamp","sign"]}]}"#

    @Test func aRuntimeRuleMakesVaryingParametersMatchUnderItsPrefixOnly() async throws {
        #expect(try await replayed() == [404, 404])
        let (status, body) = try await admin("PUT", body: feedRule)
        #expect(status == 200)
        #expect(body["rules"] == [["pathPrefix": "/app/feed", "names": ["sign", "timestamp"]]])
        #expect(try await replayed() == [200, 404], "the other path keeps its timestamp")
        #expect(try await fixture.fetch("/app/feed?sign=zzz&page=2&timestamp=1").0.statusCode == 404, "page still counts")
        #expect(try await admin("GET").1["rules"] == body["rules"])

        let (dropped, after) = try await admin("DELETE")
        #expect(dropped == 200)
        #expect(after["rules"] == [])
        #expect(try await replayed() == [404, 404])
    }

    @Test func aResetDropsTheRuntimeRules() async throws {
        #expect(try await admin("PUT", body: #"{"rules":[{"names":["timestamp","sign"]}]}"#).0 == 200)
        #expect(try await replayed() == [200, 200], "without a prefix: every path")
        #expect(try await fixture.fetch("/__admin/reset", method: "POST").0.statusCode == 200)
        #expect(try await admin("GET").1["rules"] == [])
        #expect(try await replayed() == [404, 404])
        #expect(try await fixture.fetch("/app/feed?page=1&timestamp=1700000000&sign=abc").0.statusCode == 200)
    }

    @Test func aBadRuleIsA400AndChangesNothing() async throws {
        #expect(try await admin("PUT", body: feedRule).0 == 200)
        let cases: [(body: String, message: String)] = [
            ("not json", "the body is not JSON"),
            (#"{"rulez":[]}"#, #"the body has an unknown key "rulez"; known keys: rules"#),
            (#"{"rules":{}}"#, #""rules" must be an array"#),
            (#"{"rules":[{"pathPrefix":"app","names":["a"]}]}"#, #"rules[0].pathPrefix "app" must start with /"#),
            (#"{"rules":[{"names":[]}]}"#, "rules[0].names must be a non-empty array"),
            (#"{"rules":[{"names":[""]}]}"#, "rules[0].names must hold parameter names"),
            (#"{"rules":[{"names":["a"],"path":"/x"}]}"#, #"rules[0] has an unknown key "path""#),
        ]
        for (body, message) in cases {
            let (status, answer) = try await admin("PUT", body: body)
            #expect(status == 400, "\(body)")
            #expect(answer["error"]?["message"]?.stringValue?.hasPrefix(message) == true, "\(body): \(answer)")
        }
        #expect(try await admin("GET").1["rules"] == [["pathPrefix": "/app/feed", "names": ["sign", "timestamp"]]])
        #expect(try await replayed() == [200, 404], "the server keeps replaying with the rule in force")
    }
}
