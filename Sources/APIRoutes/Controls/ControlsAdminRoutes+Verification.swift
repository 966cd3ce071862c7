import HTTPServer
import Store
import Wire

extension ControlsAdminRoutes {
    /// `POST /__admin/requests/find` with a request matcher (and `answeredBy`):
    /// `{"requests":[…]}`, the journal entries it selects, newest first.
    func findRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        let entries = try matchingEntries(try JournalQuery(parsing: try Self.jsonBody(of: request)))
        return Self.ok(.object([("requests", .array(entries.map(\.json)))]))
    }

    /// `POST /__admin/requests/count` with the same body: `{"count":N}`.
    func countMatchingRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        let entries = try matchingEntries(try JournalQuery(parsing: try Self.jsonBody(of: request)))
        return Self.ok(.object([("count", .int(entries.count))]))
    }

    /// `GET /__admin/requests/unmatched`: `{"requests":[…]}`, the requests nothing answered
    /// (no stub, module, capture or upstream: the fall-through 404s), newest first.
    func unmatchedRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try Self.queryParameters(of: request, known: [])
        let entries = try requireJournal().entries(matching: JournalFilter())
            .filter { $0.answeredBy == MockApplication.notFoundAnswerer }
        return Self.ok(.object([("requests", .array(entries.map(\.json)))]))
    }

    private func matchingEntries(_ query: JournalQuery) throws -> [JournalEntry] {
        try requireJournal().entries(matching: query.prefilter).filter(query.matches)
    }
}
