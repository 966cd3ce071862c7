import APIRoutes
import ArgumentParser
import Foundation

/// The mock-control flags: latency, faults, the seed, the journal, CORS and record mode.
/// Used by `serve` through `@OptionGroup`.
struct MockOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Delay every answer: fixed (200ms, 1.5s), a uniform range (0-1500ms), or captured (the HAR timings.wait of the matching capture).",
        valueName: "latency"))
    var latency: String?

    @Option(help: ArgumentHelp(
        "Faults to inject, comma-separated: reset, close, empty, malformed, timeout, status:<400-599>, business:<code>.",
        valueName: "kinds"))
    var fault: String?

    @Option(help: "Share of requests that get one of the --fault kinds, 0 to 1 (default 1).")
    var faultRate: Double?

    @Option(help: "Seed for the latency and fault draws, so a run repeats (default: random, printed at start).")
    var seed: UInt64?

    @Option(help: "Requests kept in the journal; the oldest are dropped. 0 turns the journal off.")
    var journalSize = 10_000

    @Option(help: "Bytes of each request body, and of each answer's body, kept in the journal.")
    var journalBodyBytes = 64 * 1024

    @Flag(inversion: .prefixedNo, help: "Send Access-Control-* headers and answer CORS preflights.")
    var cors = true

    @Flag(help: "Save what the upstream answers as captures, so the next identical request is answered locally.")
    var record = false

    @Option(help: ArgumentHelp(
        "Forward requests nothing else answers to this base URL (repeatable; /PATH-PREFIX=URL for the paths under a prefix; chosen by path prefix, then the request's host and port, else the first).",
        valueName: "url"))
    var upstream: [String] = []

    @Flag(help: "Be a phone's HTTP proxy: tunnel CONNECT to port 443 and forward plain-HTTP requests for other hosts to port 80 of any host.")
    var proxy = false

    @Option(help: ArgumentHelp(
        "As the proxy, tunnel and forward only to these hosts (repeatable; host, *.domain or *, optionally :PORT; implies --proxy).",
        valueName: "host"))
    var proxyAllow: [String] = []

    @Option(help: ArgumentHelp("With --record, also write each recorded exchange as a capture JSON file here.",
                               valueName: "dir"))
    var recordDir: String?

    @Option(help: ArgumentHelp(
        "With --record, the upstream statuses that become captures: classes, codes and ranges, comma-separated (others are forwarded, not recorded).",
        valueName: "statuses"))
    var recordStatus = "2xx,3xx"

    @Option(help: "Seconds a connected upstream may send and take nothing before it is given up: a 504 before the answer's head, a truncated body (connection closed) after. A slow answer that keeps coming is never cut.")
    var upstreamTimeout = 30.0

    @Option(help: "Seconds to wait for the upstream connection before a 504 (at most --upstream-timeout).")
    var upstreamConnectTimeout = 10.0

    func validate() throws {
        _ = try globalControls()
        _ = try upstreams()
        guard journalSize >= 0 else { throw ValidationError("--journal-size must be 0 (no journal) or more") }
        guard journalBodyBytes >= 0 else { throw ValidationError("--journal-body-bytes must not be negative") }
        if record, upstream.isEmpty { throw ValidationError("--record needs at least one --upstream URL") }
        if recordDir != nil, !record { throw ValidationError("--record-dir only makes sense with --record") }
        guard upstreamTimeout > 0 else { throw ValidationError("--upstream-timeout must be more than 0 seconds") }
        guard upstreamConnectTimeout > 0 else { throw ValidationError("--upstream-connect-timeout must be more than 0 seconds") }
        _ = try recordStatuses()
        _ = try proxyPolicy()
    }

    /// `--latency`, `--fault` and `--fault-rate` as the controls' global settings.
    func globalControls() throws -> GlobalControls {
        do {
            return try GlobalControls(latency: latency, fault: fault, faultRate: faultRate)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The `--upstream` URLs, parsed.
    func upstreams() throws -> [Upstream] {
        do {
            return try upstream.map { text throws(ControlSyntaxError) in try Upstream(parsing: text) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The mock controls' settings; without `--seed`, a random seed (which the assembly logs so
    /// the run can be repeated).
    func controlSettings() throws -> MockControlSettings {
        var settings = MockControlSettings(global: try globalControls(), journalSize: max(journalSize, 1),
                                           journalBodyBytes: journalBodyBytes, cors: cors, journal: journalSize > 0)
        if let seed { settings.seed = seed }
        return settings
    }

    /// `--record-status`, parsed.
    func recordStatuses() throws -> RecordStatuses {
        do {
            return try RecordStatuses(parsing: recordStatus)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// `--proxy` and `--proxy-allow`, parsed.
    func proxyPolicy() throws -> ProxyPolicy {
        do {
            return ProxyPolicy(isEnabled: proxy, allowed: try proxyAllow.map { text throws(ControlSyntaxError) in
                try HostPattern(parsing: text)
            })
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// `--upstream`, `--record`, `--record-dir`, `--record-status`, the upstream timeouts and the proxy.
    func upstreamSettings() throws -> UpstreamSettings {
        UpstreamSettings(upstreams: try upstreams(), record: record,
                         recordDirectory: recordDir.map { URL(fileURLWithPath: $0, isDirectory: true) },
                         recordStatuses: try recordStatuses(), connectTimeout: upstreamConnectTimeout,
                         timeout: upstreamTimeout, proxy: try proxyPolicy())
    }
}
