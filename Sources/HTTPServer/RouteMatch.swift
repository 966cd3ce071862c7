/// The outcome of looking a request up in a `Router`.
public enum RouteMatch: Sendable {
    /// A route matched; `parameters` holds the values of its `:name` segments.
    case found(any HTTPResponder, parameters: PathParameters)
    /// The path exists but not for this method; answer 405 with these in `Allow`.
    case methodNotAllowed(allowed: [HTTPMethod])
    /// No route has this path.
    case notFound
}
