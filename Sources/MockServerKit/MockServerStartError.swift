/// Why `MockServer.start` could not start a server; errors from the store (a database that cannot
/// be opened or seeded) and the socket (`ServerStartError`) come through as they are.
public enum MockServerStartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `.bundled` seeds were asked for and no `seeds/` directory was found.
    case seedsNotFound(searched: String)
    /// The temporary database could not be prepared.
    case temporaryDatabase(path: String, reason: String)

    public var description: String {
        switch self {
        case let .seedsNotFound(searched):
            "no bundled seeds: \(searched) does not exist and serve's SeedsLocator found none; pass seeds: .directory(PATH) or .none"
        case let .temporaryDatabase(path, reason):
            "cannot prepare the temporary database \(path): \(reason)"
        }
    }
}
