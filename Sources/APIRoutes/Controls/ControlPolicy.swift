import Synchronization

/// Decides, for each request, the delay and the fault, each on its own by precedence:
/// request header (`X-Mock-Delay`, `X-Mock-Fault`) over the first matching runtime rule over
/// the global settings. Random draws come from one seeded generator, so a run repeats.
///
/// Thread-safe: the rules, the global settings and the generator live in one `Mutex`.
public final class ControlPolicy: Sendable {
    /// The seed the generator started from (reported by `GET /__admin/rules`).
    public let seed: UInt64
    /// The global settings given on the command line, restored by `DELETE /__admin/rules`.
    public let startupGlobal: GlobalControls

    private struct State {
        var global: GlobalControls
        var rules: [MockRule]
        var random: SeededRandom
    }

    private let state: Mutex<State>
    /// Whether no rule and no global setting is in force, set with every change of them: a
    /// request without control headers then needs no decision (see `decidesNothing`).
    private let isIdle: Atomic<Bool>

    public init(global: GlobalControls = GlobalControls(), seed: UInt64) {
        self.seed = seed
        self.startupGlobal = global
        self.state = Mutex(State(global: global, rules: [], random: SeededRandom(seed: seed)))
        self.isIdle = Atomic(Self.isIdle(rules: [], global: global))
    }

    /// Whether every request that sends neither `X-Mock-Delay` nor `X-Mock-Fault` gets the empty
    /// decision: no rule and no global setting is in force (nothing is drawn from the
    /// generator then either). Read without the lock, so that such a request builds no
    /// `RequestFacts` and takes no lock.
    public var decidesNothing: Bool { isIdle.load(ordering: .acquiring) }

    private static func isIdle(rules: [MockRule], global: GlobalControls) -> Bool {
        rules.isEmpty && global.latency == nil && global.fault == nil
    }

    /// The runtime rules, in the order they are tried.
    public var rules: [MockRule] { state.withLock { $0.rules } }

    /// Whether some rule matches on Youfan's `m`/`a`, so a request's parameters must be read.
    public var rulesMatchActions: Bool {
        state.withLock { $0.rules.contains { $0.module != nil || $0.action != nil } }
    }

    /// The global settings in force now.
    public var global: GlobalControls { state.withLock { $0.global } }

    /// Replaces the runtime rules and, when given, the global settings.
    public func replace(rules: [MockRule], global: GlobalControls? = nil) {
        state.withLock { state in
            state.rules = rules
            if let global { state.global = global }
            isIdle.store(Self.isIdle(rules: state.rules, global: state.global), ordering: .releasing)
        }
    }

    /// Drops every runtime rule and restores the command-line global settings.
    public func restoreStartupSettings() {
        state.withLock { state in
            state.rules = []
            state.global = startupGlobal
            isIdle.store(Self.isIdle(rules: [], global: startupGlobal), ordering: .releasing)
        }
    }

    /// The decision for one request.
    /// - Parameters:
    ///   - delayHeader: the `X-Mock-Delay` value, if sent (same syntax as `--latency`).
    ///   - faultHeader: the `X-Mock-Fault` value, if sent (one kind, or `none`).
    ///   A `captured` latency is left in `capturedWaitSource`, for the caller to resolve with the
    ///   timing of the capture that answers.
    /// - Throws: when a header does not parse, so the client hears about its typo.
    public func decide(
        for facts: RequestFacts, delayHeader: String? = nil, faultHeader: String? = nil
    ) throws(ControlSyntaxError) -> ControlDecision {
        let headerLatency = try delayHeader.map { text throws(ControlSyntaxError) in
            try LatencySpec(parsing: text)
        }
        let headerFault = try faultHeader.map { text throws(ControlSyntaxError) -> FaultKind? in
            text.trimmingSpaces().lowercased() == "none" ? nil : try FaultKind(parsing: text)
        }
        var decision = ControlDecision()
        state.withLock { state in
            var latency: (spec: LatencySpec, source: ControlSource)? = headerLatency.map { ($0, .header) }
            var fault: (kind: FaultKind?, source: ControlSource)? = headerFault.map { ($0, .header) }
            for rule in state.rules where (latency == nil || fault == nil) && rule.matches(facts) {
                if latency == nil, let spec = rule.latency { latency = (spec, .rule(rule.id)) }
                if fault == nil, let plan = rule.fault { fault = (plan.draw(using: &state.random), .rule(rule.id)) }
            }
            if latency == nil, let spec = state.global.latency { latency = (spec, .global) }
            if fault == nil, let plan = state.global.fault { fault = (plan.draw(using: &state.random), .global) }
            switch latency?.spec {
            case let .fixed(milliseconds)?:
                decision.delayMilliseconds = milliseconds
                decision.delaySource = latency?.source
            case let .uniform(range)?:
                decision.delayMilliseconds = Int.random(in: range, using: &state.random)
                decision.delaySource = latency?.source
            case .captured?:
                decision.capturedWaitSource = latency?.source
            case nil:
                break
            }
            if let kind = fault?.kind {
                decision.fault = kind
                decision.faultSource = fault?.source
            }
        }
        return decision
    }
}
