import APIRoutes
import ArgumentParser
import Testing
@testable import serve

/// The mock-control flags of `serve`: parsed into the controls' settings, refused with a message.
@Suite struct MockOptionsTests {
    @Test func defaults() throws {
        let options = try MockOptions.parse([])
        #expect(try options.globalControls() == GlobalControls())
        #expect(options.journalSize == 10_000)
        #expect(options.cors)
        #expect(!options.record)
    }

    @Test func flagsBecomeGlobalControls() throws {
        let options = try MockOptions.parse(["--latency", "0-1500ms", "--fault", "reset,status:500", "--fault-rate", "0.05",
                                             "--seed", "7", "--no-cors", "--record", "--upstream", "http://api.maka.im",
                                             "--upstream", "http://api.funwear.com/", "--record-dir", "/tmp/rec"])
        #expect(try options.globalControls() == GlobalControls(
            latency: .uniform(0...1500), fault: try FaultPlan(kinds: [.transport(.reset), .status(500)], rate: 0.05)))
        #expect(options.effectiveSeed == 7)
        #expect(!options.cors)
        #expect(try options.upstreams().map(\.base) == ["http://api.maka.im", "http://api.funwear.com"])
    }

    @Test(arguments: [
        (["--latency", "fast"], "latency \"fast\" is not understood"),
        (["--fault", "boom"], "fault \"boom\" is not understood"),
        (["--fault", "reset", "--fault-rate", "2"], "fault rate 2.0 must be a number from 0 to 1"),
        (["--fault-rate", "0.5"], "--fault-rate needs --fault"),
        (["--journal-size", "0"], "--journal-size must be at least 1"),
        (["--record"], "--record needs at least one --upstream URL"),
        (["--upstream", "api.maka.im"], "upstream \"api.maka.im\" must be an http:// or https:// URL"),
        (["--record-dir", "/tmp/x"], "--record-dir only makes sense with --record"),
    ])
    func badFlagsAreRefusedWithAMessage(arguments: [String], message: String) {
        do {
            _ = try MockOptions.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(MockOptions.message(for: error).contains(message), "\(MockOptions.message(for: error))")
        }
    }
}
