extension GlobalControls {
    /// `--latency`, `--fault` and `--fault-rate` as written on the command line; nil: not given.
    public init(latency: String?, fault: String?, faultRate: Double?) throws(ControlSyntaxError) {
        let latency = try latency.map { text throws(ControlSyntaxError) in try LatencySpec(parsing: text) }
        var plan: FaultPlan?
        if let fault {
            plan = try FaultPlan(kinds: FaultKind.parseList(fault), rate: faultRate ?? 1)
        } else if faultRate != nil {
            throw ControlSyntaxError("--fault-rate needs --fault to say which faults")
        }
        self.init(latency: latency, fault: plan)
    }
}
