import APIRoutes
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The mock-control flags of `serve`: their text becomes the controls' settings, and the built
/// `serve` refuses bad ones with a message.
@Suite struct MockOptionsTests {
    @Test func defaults() throws {
        #expect(try GlobalControls(latency: nil, fault: nil, faultRate: nil) == GlobalControls())
        let settings = MockControlSettings()
        #expect(settings.journalSize == 10_000)
        #expect(settings.cors)
        #expect(!UpstreamSettings().record)
        #expect(UpstreamSettings().recordStatuses == RecordStatuses.successAndRedirects)
        #expect(UpstreamSettings().proxy == .off, "no relaying anywhere without proxy flags")
    }

    @Test func flagTextBecomesGlobalControlsAndUpstreams() throws {
        #expect(try GlobalControls(latency: "0-1500ms", fault: "reset,status:500", faultRate: 0.05) == GlobalControls(
            latency: .uniform(0...1500), fault: try FaultPlan(kinds: [.transport(.reset), .status(500)], rate: 0.05)))
        #expect(try ["http://api.maka.im", "http://api.funwear.com/"].map { try Upstream(parsing: $0).base }
                == ["http://api.maka.im", "http://api.funwear.com"])
    }

    @Test(.enabled(if: ServeBinary.isBuilt), arguments: [
        (["--latency", "fast"], "latency \"fast\" is not understood"),
        (["--fault", "boom"], "fault \"boom\" is not understood"),
        (["--fault", "reset", "--fault-rate", "2"], "fault rate 2.0 must be a number from 0 to 1"),
        (["--fault-rate", "0.5"], "--fault-rate needs --fault"),
        (["--journal-size=-1"], "--journal-size must be 0 (no journal) or more"),
        (["--record"], "--record needs at least one --upstream URL"),
        (["--ignore-param", "/app/feed"], "ignored parameter \"/app/feed\" starts with a path but names no parameter"),
        (["--upstream", "api.maka.im"], "upstream \"api.maka.im\" must be an http:// or https:// URL"),
        (["--record-dir", "/tmp/x"], "--record-dir only makes sense with --record"),
        (["--record-status", "2xx,6xx"], "record status \"6xx\" must be a class (2xx)"),
        (["--upstream-timeout", "0"], "--upstream-timeout must be more than 0 seconds"),
        (["--proxy-allow", "user@host"], "proxy pattern \"user@host\" must be a host"),
    ])
    func badFlagsAreRefusedWithAMessage(arguments: [String], message: String) async throws {
        // A database that cannot open: should a bad flag slip through, serve fails instead of serving.
        let outcome = try await ServeBinary.run(arguments + ["--db", "/nonexistent/mock.sqlite", "--port", "0"])
        #expect(outcome.status != 0, "\(arguments) was accepted")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    /// `--journal-size 0`: nothing is journaled (the benchmark's lean run), and the journal's
    /// routes say so instead of answering an empty list.
    @Test(.enabled(if: ServeBinary.isBuilt)) func journalSizeZeroTurnsTheJournalOff() async throws {
        let directory = try TemporaryDirectory("journal-off")
        let seeds = try TemporaryDirectory("journal-off-seeds")
        let serve = try await ServeBinary.launch(["--port", "0", "--db", directory.path("mock.sqlite"),
                                                  "--seeds", seeds.url.path, "--quiet", "--journal-size", "0"])
        let base = "http://127.0.0.1:\(serve.port)"
        let (_, health) = try await URLSession.shared.data(from: URL(string: base + "/app/templates")!)
        #expect((health as? HTTPURLResponse)?.statusCode == 200, "the API still answers")
        let (body, response) = try await URLSession.shared.data(from: URL(string: base + "/__admin/requests")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("the request journal is off"))
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }
}
