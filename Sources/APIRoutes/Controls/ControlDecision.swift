/// Where a delay or fault came from, for the journal and the `X-Mock-*` response headers.
public enum ControlSource: Sendable, Equatable, CustomStringConvertible {
    /// An `X-Mock-Delay` / `X-Mock-Fault` request header.
    case header
    /// A runtime rule, by its id.
    case rule(String)
    /// The global `--latency` / `--fault` settings.
    case global

    public var description: String {
        switch self {
        case .header: "header"
        case let .rule(id): "rule:\(id)"
        case .global: "global"
        }
    }
}

/// What the controls decided for one request: how long to wait and how (if at all) to fail.
public struct ControlDecision: Sendable, Equatable {
    /// Milliseconds to wait before answering; nil or 0 means answer at once.
    public var delayMilliseconds: Int?
    public var delaySource: ControlSource?
    public var fault: FaultKind?
    public var faultSource: ControlSource?

    public init(delayMilliseconds: Int? = nil, delaySource: ControlSource? = nil,
                fault: FaultKind? = nil, faultSource: ControlSource? = nil) {
        self.delayMilliseconds = delayMilliseconds
        self.delaySource = delaySource
        self.fault = fault
        self.faultSource = faultSource
    }

    /// The delay as a `Duration`, nil when there is none.
    public var delay: Duration? {
        guard let delayMilliseconds, delayMilliseconds > 0 else { return nil }
        return .milliseconds(delayMilliseconds)
    }
}
