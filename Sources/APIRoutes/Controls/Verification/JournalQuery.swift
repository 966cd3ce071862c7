import Store
import Wire

/// A verification query: a request matcher over the journal's entries, and who answered them
/// (`answeredBy`: exact, or a prefix when it ends with `:` or `*`, such as `stub:` or `capture:*`).
struct JournalQuery: Sendable {
    let request: RequestMatcher
    let answeredBy: String?

    init(parsing json: JSON) throws {
        request = try RequestMatcher(parsing: json, name: "the query", extraKeys: ["answeredBy"])
        answeredBy = try ControlsAdminRoutes.string(json["answeredBy"], "answeredBy")
    }

    /// What the database can select before the matcher runs: the method, and an exact path (a
    /// prefix filter, so a superset; the matcher keeps the exact ones). A query's `GET` selects
    /// GETs only (a stub's `GET` answers `HEAD` too).
    var prefilter: JournalFilter {
        var filter = JournalFilter(method: request.method)
        if case let .exact(path)? = request.path { filter.pathPrefix = path }
        return filter
    }

    func matches(_ entry: JournalEntry) -> Bool {
        guard entry.rejection == nil else { return false }
        if let answeredBy {
            guard let actual = entry.answeredBy else { return false }
            if answeredBy.hasSuffix("*") {
                guard actual.hasPrefix(answeredBy.dropLast()) else { return false }
            } else if answeredBy.hasSuffix(":") {
                guard actual.hasPrefix(answeredBy) else { return false }
            } else if actual != answeredBy {
                return false
            }
        }
        return request.matches(entry.request)
    }
}
