import Foundation

/// Which journal entries a query selects (`GET /__admin/requests`); every field set must match.
public struct RequestFilter: Sendable, Equatable {
    /// Exact method, case-insensitive (`POST`).
    public var method: String?
    /// The decoded path starts with this (`/app/user`); must start with `/`.
    public var pathPrefix: String?
    /// The status sent (100–599).
    public var status: Int?
    /// Requests that started at or after this time.
    public var since: Date?

    public init(method: String? = nil, pathPrefix: String? = nil, status: Int? = nil, since: Date? = nil) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.status = status
        self.since = since
    }

    /// The filter as the admin API's query parameters (`since` in Unix seconds).
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.append("method", method)
        items.append("pathPrefix", pathPrefix)
        items.append("status", status)
        items.append("since", since?.timeIntervalSince1970)
        return items
    }
}
