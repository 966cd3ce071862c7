/// A query string or body that could not be read as parameters (bad %-escape, invalid
/// UTF-8, unparsable JSON, broken multipart). Handlers answer 400 with `message`.
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
