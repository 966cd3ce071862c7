import HTTPServer
import Testing
@testable import APIRoutes

@Suite struct ControlPrecedenceTests {
    let templates = RequestFacts(method: .GET, path: "/app/templates")
    let events = RequestFacts(method: .GET, path: "/app/events")

    func policy() throws -> ControlPolicy {
        let policy = ControlPolicy(
            global: GlobalControls(latency: .fixed(milliseconds: 10), fault: try FaultPlan(kinds: [.status(500)])),
            seed: 7)
        policy.replace(rules: [
            try MockRule(id: "slow-templates", path: "/app/templates", latency: .fixed(milliseconds: 300)),
            try MockRule(id: "templates-reset", method: .GET, path: "/app/*", fault: FaultPlan(kinds: [.transport(.reset)])),
            try MockRule(id: "never-reached", path: "/app/templates", latency: .fixed(milliseconds: 999)),
        ])
        return policy
    }

    @Test func headerBeatsRuleBeatsGlobal() throws {
        let policy = try policy()
        let ruled = try policy.decide(for: templates)
        #expect(ruled == ControlDecision(delayMilliseconds: 300, delaySource: .rule("slow-templates"),
                                         fault: .transport(.reset), faultSource: .rule("templates-reset")))
        let headed = try policy.decide(for: templates, delayHeader: "20", faultHeader: "business:401")
        #expect(headed == ControlDecision(delayMilliseconds: 20, delaySource: .header,
                                          fault: .business(401), faultSource: .header))
        let other = try policy.decide(for: RequestFacts(method: .GET, path: "/mbfun_server/index.php"))
        #expect(other == ControlDecision(delayMilliseconds: 10, delaySource: .global, fault: .status(500), faultSource: .global))
    }

    @Test func eachDimensionFallsBackOnItsOwn() throws {
        let policy = try policy()
        let decision = try policy.decide(for: events)
        #expect(decision.delaySource == .global)
        #expect(decision.faultSource == .rule("templates-reset"))
    }

    @Test func headerNoneSuppressesFaults() throws {
        let decision = try policy().decide(for: templates, faultHeader: "none")
        #expect(decision.fault == nil)
        #expect(decision.delayMilliseconds == 300)
    }

    @Test func badHeaderThrowsWithMessage() throws {
        let policy = try policy()
        #expect(throws: ControlSyntaxError.self) { try policy.decide(for: templates, delayHeader: "soon") }
        #expect(throws: ControlSyntaxError.self) { try policy.decide(for: templates, faultHeader: "explode") }
    }

    @Test func capturedLatencyIsResolvedWithTheRecordedWaitOfTheAnswer() throws {
        let policy = ControlPolicy(global: GlobalControls(latency: .captured), seed: 1)
        let decision = try policy.decide(for: templates)
        #expect(decision == ControlDecision(capturedWaitSource: .global))
        #expect(decision.resolvingCapturedWait { 123 } == ControlDecision(delayMilliseconds: 123, delaySource: .global))
        #expect(decision.resolvingCapturedWait { nil } == ControlDecision())
        let fixed = ControlDecision(delayMilliseconds: 5, delaySource: .header)
        #expect(fixed.resolvingCapturedWait { 123 } == fixed, "only a captured latency asks for the wait")
    }

    @Test func restoreDropsRulesAndRuntimeGlobal() throws {
        let policy = try policy()
        policy.replace(rules: policy.rules, global: GlobalControls())
        #expect(try policy.decide(for: RequestFacts(method: .GET, path: "/x")) == ControlDecision())
        policy.restoreStartupSettings()
        #expect(policy.rules.isEmpty)
        #expect(try policy.decide(for: templates).delaySource == .global)
    }

    @Test func decidesNothingOnlyWhileNoRuleAndNoGlobalSettingIsInForce() throws {
        let policy = ControlPolicy(seed: 3)
        #expect(policy.decidesNothing)
        policy.replace(rules: [try MockRule(id: "slow", path: "/app/*", latency: .fixed(milliseconds: 5))])
        #expect(!policy.decidesNothing, "a rule is in force")
        #expect(try policy.decide(for: events).delaySource == .rule("slow"))
        policy.replace(rules: [])
        #expect(policy.decidesNothing)
        policy.replace(rules: [], global: GlobalControls(fault: try FaultPlan(kinds: [.status(503)])))
        #expect(!policy.decidesNothing, "a global fault is in force")
        policy.restoreStartupSettings()
        #expect(policy.decidesNothing)
        #expect(try policy.decide(for: events) == ControlDecision())

        let startedSlow = ControlPolicy(global: GlobalControls(latency: .fixed(milliseconds: 1)), seed: 3)
        #expect(!startedSlow.decidesNothing, "a command-line latency is in force from the start")
        startedSlow.replace(rules: [], global: GlobalControls())
        #expect(startedSlow.decidesNothing)
        startedSlow.restoreStartupSettings()
        #expect(!startedSlow.decidesNothing)
    }

    @Test func seededDrawsRepeatAndRespectTheRate() throws {
        func run(seed: UInt64) throws -> [ControlDecision] {
            let policy = ControlPolicy(
                global: GlobalControls(latency: .uniform(0...1500),
                                       fault: try FaultPlan(kinds: [.transport(.reset), .status(500)], rate: 0.25)),
                seed: seed)
            return try (0..<400).map { _ in try policy.decide(for: templates) }
        }
        let first = try run(seed: 99)
        #expect(first == (try run(seed: 99)))
        #expect(first != (try run(seed: 100)))
        let faults = first.filter { $0.fault != nil }
        #expect((60...140).contains(faults.count))
        #expect(Set(faults.map { $0.fault!.description }) == ["reset", "status:500"])
        let delays = first.compactMap(\.delayMilliseconds)
        #expect(delays.allSatisfy { (0...1500).contains($0) })
        #expect(Set(delays).count > 300)
    }
}
