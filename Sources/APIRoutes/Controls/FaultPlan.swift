/// Which faults to inject and how often: with probability `rate`, one of `kinds` chosen uniformly.
public struct FaultPlan: Sendable, Equatable {
    public let kinds: [FaultKind]
    /// The share of requests that fail, from 0 (never) to 1 (always).
    public let rate: Double

    public init(kinds: [FaultKind], rate: Double = 1) throws(ControlSyntaxError) {
        guard !kinds.isEmpty else { throw ControlSyntaxError("a fault plan needs at least one fault kind") }
        guard rate.isFinite, (0...1).contains(rate) else {
            throw ControlSyntaxError("fault rate \(rate) must be a number from 0 to 1")
        }
        self.kinds = kinds
        self.rate = rate
    }

    /// Parses `--fault` text (`reset,status:500`) and an optional `--fault-rate` text.
    public init(parsing kinds: String, rate: String? = nil) throws(ControlSyntaxError) {
        var parsedRate = 1.0
        if let rate {
            guard let value = Double(rate.trimmingSpaces()) else {
                throw ControlSyntaxError("fault rate \"\(rate)\" must be a number from 0 to 1")
            }
            parsedRate = value
        }
        try self.init(kinds: FaultKind.parseList(kinds), rate: parsedRate)
    }

    /// The kinds as `--fault` text.
    public var kindsDescription: String { kinds.map(\.description).joined(separator: ",") }

    /// Draws whether this request fails and, if so, how.
    func draw(using random: inout some RandomNumberGenerator) -> FaultKind? {
        guard rate > 0 else { return nil }
        if rate < 1, Double.random(in: 0..<1, using: &random) >= rate { return nil }
        return kinds.count == 1 ? kinds[0] : kinds[Int.random(in: 0..<kinds.count, using: &random)]
    }
}
