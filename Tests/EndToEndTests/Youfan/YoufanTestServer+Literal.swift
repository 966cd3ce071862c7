import APIRoutes
import Testing
import TestSupport
import Wire

extension YoufanTestServer {
    /// `GET /mbfun_server/index.php?<query>` with the query exactly as a client's literal URL
    /// has it (no re-encoding), on a fresh connection; the JSON body, the HTTP status expected 200.
    func literal(_ query: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        let response = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "\(YoufanParameters.shopPath)?\(query)")
        #expect(response.status == 200, "\(query)", sourceLocation: sourceLocation)
        return try JSON.parse(response.body)
    }
}
