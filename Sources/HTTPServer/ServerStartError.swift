/// Why the server could not start listening.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    /// What was being attempted (`resolve`, `socket`, `bind`, `listen`, `start`).
    public var operation: String
    public var host: String
    public var port: Int
    /// The system's explanation (`strerror` or `gai_strerror`).
    public var reason: String

    public var description: String { "cannot \(operation) \(host) port \(port): \(reason)" }
}
