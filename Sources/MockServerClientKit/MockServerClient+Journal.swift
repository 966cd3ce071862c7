import Foundation

extension MockServerClient {
    /// `GET /__admin/requests`: the journal entries matching `filter`, newest first, at most
    /// `limit` (the server's default: 100), with the number of all matches.
    public func requests(matching filter: RequestFilter = RequestFilter(), limit: Int? = nil) async throws(MockServerClientError) -> RecordedRequests {
        var query = filter.queryItems
        query.append("limit", limit)
        return try await decode(RecordedRequests.self, "GET", "__admin/requests", query: query)
    }

    /// `GET /__admin/requests/count`: how many journal entries match `filter`.
    public func requestCount(matching filter: RequestFilter = RequestFilter()) async throws(MockServerClientError) -> Int {
        struct Answer: Decodable { let count: Int }
        return try await decode(Answer.self, "GET", "__admin/requests/count", query: filter.queryItems).count
    }

    /// `DELETE /__admin/requests`: empties the journal; returns the number of entries removed.
    @discardableResult
    public func clearRequests() async throws(MockServerClientError) -> Int {
        struct Answer: Decodable { let deleted: Int }
        return try await decode(Answer.self, "DELETE", "__admin/requests").deleted
    }

    /// `GET /__admin/requests.har`: the journal as a HAR 1.2 document, oldest first.
    public func requestsHAR(matching filter: RequestFilter = RequestFilter(), limit: Int? = nil) async throws(MockServerClientError) -> Data {
        var query = filter.queryItems
        query.append("limit", limit)
        return try await send("GET", "__admin/requests.har", query: query)
    }
}

/// A page of the journal: `total` counts every match, `requests` the newest of them.
public struct RecordedRequests: Codable, Sendable, Equatable {
    public let total: Int
    public let requests: [RecordedRequest]
}
