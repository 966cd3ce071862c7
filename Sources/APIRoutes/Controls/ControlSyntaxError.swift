/// A mock-control value (a `--latency`, `--fault` flag, an `X-Mock-*` header, an admin rule)
/// that does not parse; `message` says what is wrong and what is accepted instead.
public struct ControlSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
