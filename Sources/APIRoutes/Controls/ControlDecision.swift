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
    /// Set when a `captured` latency applies, from this source: the delay is the wait recorded
    /// with the capture that answers, known only once the request is answered.
    public var capturedWaitSource: ControlSource?

    public init(delayMilliseconds: Int? = nil, delaySource: ControlSource? = nil,
                fault: FaultKind? = nil, faultSource: ControlSource? = nil, capturedWaitSource: ControlSource? = nil) {
        self.delayMilliseconds = delayMilliseconds
        self.delaySource = delaySource
        self.fault = fault
        self.faultSource = faultSource
        self.capturedWaitSource = capturedWaitSource
    }

    /// The decision with a captured latency turned into a delay: `wait` is asked for the recorded
    /// wait in milliseconds (nil: none recorded, no delay). Unchanged without a captured latency.
    public func resolvingCapturedWait(_ wait: () -> Int?) -> ControlDecision {
        guard let source = capturedWaitSource else { return self }
        var resolved = self
        resolved.capturedWaitSource = nil
        if let milliseconds = wait() {
            resolved.delayMilliseconds = milliseconds
            resolved.delaySource = source
        }
        return resolved
    }

    /// The delay as a `Duration`, nil when there is none.
    public var delay: Duration? {
        guard let delayMilliseconds, delayMilliseconds > 0 else { return nil }
        return .milliseconds(delayMilliseconds)
    }
}
