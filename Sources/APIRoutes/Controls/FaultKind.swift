import HTTPServer

/// One way to fail a request on purpose, covering the three kinds of failure a client must tell
/// apart: network (`transport`), HTTP (`status`) and business (`business`).
///
/// Text forms: `reset`, `close`, `empty`, `malformed`, `timeout`, `status:<400–599>`,
/// `business:<code>`.
public enum FaultKind: Sendable, Equatable, CustomStringConvertible {
    /// Break the connection; the server carries it out (`HTTPResponse.fault`).
    case transport(TransportFault)
    /// An HTTP error with this status and the envelope of the path's API.
    case status(Int)
    /// HTTP 200 with the API's business-error envelope: Maka `code` N, Youfan `status` 0.
    case business(Int)

    public init(parsing text: String) throws(ControlSyntaxError) {
        let trimmed = text.trimmingSpaces().lowercased()
        if let transport = TransportFault(rawValue: trimmed) {
            self = .transport(transport)
            return
        }
        let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ControlSyntaxError(Self.usage(text)) }
        switch parts[0] {
        case "status":
            guard let code = Int(parts[1]), (400...599).contains(code) else {
                throw ControlSyntaxError("fault \"\(text)\": the status must be a number from 400 to 599")
            }
            self = .status(code)
        case "business":
            guard let code = Int(parts[1]), code != 200, (-999_999...999_999).contains(code) else {
                throw ControlSyntaxError("fault \"\(text)\": the business code must be a number other than 200")
            }
            self = .business(code)
        default:
            throw ControlSyntaxError(Self.usage(text))
        }
    }

    /// Parses a comma-separated list such as `reset,status:500`; an empty list is an error.
    public static func parseList(_ text: String) throws(ControlSyntaxError) -> [FaultKind] {
        let items = text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw ControlSyntaxError("no fault kind given; \(Self.kinds)") }
        return try items.map { item throws(ControlSyntaxError) in try FaultKind(parsing: item) }
    }

    /// The canonical text form, which parses back to the same value.
    public var description: String {
        switch self {
        case let .transport(fault): fault.rawValue
        case let .status(code): "status:\(code)"
        case let .business(code): "business:\(code)"
        }
    }

    private static let kinds = "kinds are reset, close, empty, malformed, timeout, status:<400-599>, business:<code>"

    private static func usage(_ text: String) -> String {
        "fault \"\(text)\" is not understood; \(kinds)"
    }
}
