import Foundation
import HTTPServer
import Store
import Wire

extension ControlsAdminRoutes {
    /// Entries returned when no `limit` is given.
    static let defaultLimit = 100

    /// `GET /__admin/requests?method=&pathPrefix=&status=&since=&limit=`: newest first, with
    /// how many requests were dropped unwritten because the journal's writer fell behind.
    func listRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        let journal = try requireJournal()
        var filter = try Self.journalFilter(from: request)
        if filter.limit == nil { filter.limit = Self.defaultLimit }
        let (entries, total) = try journal.page(matching: filter)
        return Self.ok(.object([
            ("total", .int(total)), ("dropped", .int(journal.droppedForRoom)), ("requests", .array(entries.map(\.json))),
        ]))
    }

    /// `GET /__admin/requests/count` with the same filters (`limit` ignored): `{"count":N}`.
    func countRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        let filter = try Self.journalFilter(from: request)
        return Self.ok(.object([("count", .int(try requireJournal().count(matching: filter)))]))
    }

    /// `DELETE /__admin/requests`: `{"deleted":N}`.
    func clearRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        Self.ok(.object([("deleted", .int(try requireJournal().clear()))]))
    }

    func requireJournal() throws -> Journal {
        guard let journal else { throw AdminInputError("the request journal is off") }
        return journal
    }

    /// The filter in a query string; a count accepts (and ignores) `limit` so both take the same query.
    static func journalFilter(from request: HTTPRequest) throws -> JournalFilter {
        let parameters = try queryParameters(of: request, known: ["method", "pathPrefix", "status", "since", "limit"])
        var filter = JournalFilter()
        filter.method = try parameters["method"].map(methodFilter)
        filter.pathPrefix = try parameters["pathPrefix"].map(pathPrefixFilter)
        filter.status = try parameters["status"].map(statusFilter)
        if let since = parameters["since"] {
            guard let date = parseTime(since) else {
                throw AdminInputError("since \"\(since)\" must be an ISO 8601 time (2026-11-22T21:30:00Z) or Unix seconds")
            }
            filter.since = date
        }
        if let limit = parameters["limit"] {
            guard let count = Int(limit), count >= 1 else {
                throw AdminInputError("limit \"\(limit)\" must be a whole number of at least 1")
            }
            filter.limit = count
        }
        return filter
    }

    /// An ISO 8601 time, with or without fractional seconds, or Unix seconds.
    static func parseTime(_ text: String) -> Date? {
        if let seconds = Double(text), seconds.isFinite { return Date(timeIntervalSince1970: seconds) }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}

extension JournalEntry {
    /// The entry as the admin API shows it; a body that is not UTF-8 is given in base64.
    var json: JSON {
        let head: [(key: String, value: JSON)] = [
            ("id", .int(id)),
            ("time", .string(startedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))),
            ("client", .string(client)),
            ("method", .string(method)),
            ("target", .string(target)),
            ("path", .string(path)),
            ("headers", .array(headers.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })),
        ]
        let tail: [(key: String, value: JSON)] = [
            ("bodySize", .int(bodySize)),
            ("bodyTruncated", .bool(body.count < bodySize)),
            ("status", status.map { .int($0) } ?? .null),
            ("durationMs", .number(durationMilliseconds)),
            ("answeredBy", .string(answeredBy)),
            ("delayMs", delayMilliseconds.map { .int($0) } ?? .null),
            ("delaySource", .string(delaySource)),
            ("fault", .string(fault)),
            ("faultSource", .string(faultSource)),
            ("rejection", .string(rejection)),
        ]
        return .object(head + BodyJSON.members(body) + tail)
    }
}
