import Foundation

extension MockServerClient {
    /// `POST /__admin/requests/find`: the journal entries of this client's session that the
    /// request matcher selects (docs/api.md, "Verification"), newest first — for example
    /// `{"action":{"m":"Cart","a":"add"},"params":{"qty":{"equalTo":"2"}},"answeredBy":"youfan"}`.
    public func findRequests(json matcher: Data) async throws(MockServerClientError) -> [RecordedRequest] {
        try await decode(RecordedRequests.Found.self, "POST", "__admin/requests/find", json: matcher).requests
    }

    /// `findRequests(json:)` with the matcher as JSON text.
    public func findRequests(_ matcher: String) async throws(MockServerClientError) -> [RecordedRequest] {
        try await findRequests(json: Data(matcher.utf8))
    }

    /// `POST /__admin/requests/count`: how many journal entries the matcher selects.
    public func countRequests(_ matcher: String) async throws(MockServerClientError) -> Int {
        struct Count: Decodable { let count: Int }
        return try await decode(Count.self, "POST", "__admin/requests/count", json: Data(matcher.utf8)).count
    }

    /// `GET /__admin/requests/unmatched`: the requests nothing answered (the fall-through 404s);
    /// empty is "no unmatched requests", the check a suite runs at its end.
    public func unmatchedRequests() async throws(MockServerClientError) -> [RecordedRequest] {
        try await decode(RecordedRequests.Found.self, "GET", "__admin/requests/unmatched").requests
    }
}

extension RecordedRequests {
    /// The answer of the verification routes: `{"requests":[…]}`.
    struct Found: Decodable {
        let requests: [RecordedRequest]
    }
}
