import Foundation

/// Which stored captures a query selects (`GET /__admin/captures`); every field set must match.
public struct CaptureFilter: Sendable, Equatable {
    /// Exact request method, case-insensitive.
    public var method: String?
    /// The decoded path starts with this (must start with `/`).
    public var pathPrefix: String?
    /// The captured status (100–599).
    public var status: Int?
    /// The capture's `source` contains this text (`seeds/maka`, `upload.har`, `recorded from`).
    public var source: String?

    public init(method: String? = nil, pathPrefix: String? = nil, status: Int? = nil, source: String? = nil) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.status = status
        self.source = source
    }

    /// The filter as the admin API's query parameters.
    var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.append("method", method)
        items.append("pathPrefix", pathPrefix)
        items.append("status", status)
        items.append("source", source)
        return items
    }
}
