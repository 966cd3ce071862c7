/// The controls that apply to every request no rule or header covers: `--latency` and
/// `--fault` / `--fault-rate`.
public struct GlobalControls: Sendable, Equatable {
    public var latency: LatencySpec?
    public var fault: FaultPlan?

    public init(latency: LatencySpec? = nil, fault: FaultPlan? = nil) {
        self.latency = latency
        self.fault = fault
    }
}
