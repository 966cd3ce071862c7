import HTTPServer
import Testing
import Wire
@testable import APIRoutes

/// `CORSPolicy.decorate` appends its headers to an answer that has none of them, and replaces
/// (never doubles) those an answer brings itself, whatever their case — a stub or a replayed
/// capture may carry its own `Access-Control-*` or `Vary`.
@Suite struct CORSPolicyTests {
    private func decorated(_ headers: HTTPHeaders, origin: String? = nil) -> HTTPHeaders {
        var response = HTTPResponse(status: .ok, headers: headers)
        var requestHeaders = HTTPHeaders()
        if let origin { requestHeaders.add(name: "Origin", value: origin) }
        CORSPolicy().decorate(&response, for: HTTPRequest(method: .GET, target: "/app/user/1", path: "/app/user/1",
                                                          headers: requestHeaders))
        return response.headers
    }

    @Test func anAnswerWithoutCORSHeadersGetsThemAppendedInOrder() {
        let headers = decorated(["Content-Type": "application/json"])
        #expect(headers.fields.map(\.name) == [
            "Content-Type", "Access-Control-Allow-Origin", "Access-Control-Allow-Methods",
            "Access-Control-Allow-Headers", "Access-Control-Expose-Headers",
        ])
        #expect(headers["Access-Control-Allow-Origin"] == "*")
    }

    /// Without an `Origin` the four fields are one block made once: their values are the
    /// policy's, and an answer that brings one of them still has it replaced, not doubled.
    @Test func withoutAnOriginTheBlockCarriesThePolicysValues_andReplacesWhatTheAnswerBrings() {
        let headers = decorated(["Content-Type": "application/json"])
        #expect(headers["Access-Control-Allow-Methods"] == CORSPolicy.allowedMethods)
        #expect(headers["Access-Control-Allow-Headers"] == CORSPolicy.defaultAllowedHeaders)
        #expect(headers["Access-Control-Expose-Headers"] == CORSPolicy.exposedHeaders)
        #expect(headers["Vary"] == nil)
        let captured = decorated(["Access-Control-Allow-Origin": "https://captured.example", "Vary": "Accept"])
        #expect(captured.values(for: "Access-Control-Allow-Origin") == ["*"])
        #expect(captured.values(for: "Access-Control-Allow-Methods") == [CORSPolicy.allowedMethods])
        #expect(captured.values(for: "Vary") == ["Accept"])
    }

    /// Names are told apart by length first: a long name that is not `Access-Control-*` and a
    /// four-byte name that is not `Vary` are kept as they are, beside the four fields.
    @Test func otherNamesOfTheSameLengthsAreLeftAlone() {
        let headers = decorated(["X-Access-Control-Allow-Origin": "kept", "Varx": "kept", "vary": "Accept"])
        #expect(headers["X-Access-Control-Allow-Origin"] == "kept")
        #expect(headers["Varx"] == "kept")
        #expect(headers.values(for: "Vary") == ["Accept"])
        #expect(headers.values(for: "Access-Control-Allow-Origin") == ["*"])
        #expect(headers.contains(.vary))
    }

    @Test func headersTheAnswerBringsAreReplacedNotDoubled() {
        let headers = decorated(["access-control-allow-origin": "https://captured.example", "VARY": "Accept",
                                 "Content-Type": "application/json"],
                                origin: "http://localhost:5173")
        #expect(headers.values(for: "Access-Control-Allow-Origin") == ["http://localhost:5173"])
        #expect(headers.values(for: "Vary") == ["Origin"])
        #expect(headers["Access-Control-Allow-Credentials"] == "true")
        #expect(headers["Content-Type"] == "application/json")
    }
}
