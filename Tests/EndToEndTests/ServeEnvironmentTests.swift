import Foundation
@testable import serve
import Testing
import TestSupport

/// `MOCK_*` environment variables configure the built `serve` as its flags do; a flag on the
/// command line wins; a bad value is refused like a bad flag; `--help` lists them.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeEnvironmentTests {
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    private var baseEnvironment: [String: String] {
        ["MOCK_PORT": "0", "MOCK_DB": ":memory:", "MOCK_SEEDS": seeds.url.path]
    }

    @Test func variablesConfigureTheServer() async throws {
        var environment = baseEnvironment
        environment["MOCK_QUIET"] = "true"
        environment["MOCK_ADMIN_TOKEN"] = "from-env"
        let serve = try await ServeBinary.launch([], environment: environment)
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)", "MOCK_PORT=0 picked a free port")
        let refused = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "GET", "/__admin/requests")
        #expect(refused.status == 401, "MOCK_ADMIN_TOKEN guards the admin API")
        let allowed = try await RawHTTPClient.exchangeUntilClose(port: serve.port, "GET", "/__admin/requests",
                                                                  headers: [("X-Mock-Admin-Token", "from-env")])
        #expect(allowed.status == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        #expect(await serve.remainingOutput().isEmpty, "MOCK_QUIET=true: no access log")
    }

    @Test func aFlagWinsOverItsVariable() async throws {
        var environment = baseEnvironment
        environment["MOCK_HOST"] = "no-such-host.invalid"
        environment["MOCK_QUIET"] = "1"
        let serve = try await ServeBinary.launch(["--host", "127.0.0.1", "--no-cors"], environment: environment)
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)

        let envOnly = try await ServeBinary.run([], environment: environment)
        #expect(envOnly.status != 0, "without --host the variable is used: \(envOnly.stdout)")
        #expect(envOnly.stderr.contains("no-such-host.invalid"), "\(envOnly.stderr)")
    }

    @Test func badValuesAreRefusedNamingTheVariable() async throws {
        var environment = baseEnvironment
        environment["MOCK_QUIET"] = "maybe"
        let flag = try await ServeBinary.run([], environment: environment)
        #expect(flag.status == 64, "a usage error")
        #expect(flag.stderr.contains("MOCK_QUIET must be true or false"), "\(flag.stderr)")

        environment["MOCK_QUIET"] = nil
        environment["MOCK_PORT"] = "70000"
        let option = try await ServeBinary.run([], environment: environment)
        #expect(option.status == 64)
        #expect(option.stderr.contains("--port must be 0…65535"), "validated as the flag is: \(option.stderr)")
    }

    @Test func helpListsTheVariablesAndExamples() async throws {
        let help = try await ServeBinary.run(["--help"])
        #expect(help.status == 0)
        for text in ["ENVIRONMENT:", "MOCK_PORT", "MOCK_HOST", "MOCK_LOG_FORMAT", "MOCK_UPSTREAM", "EXAMPLES:", "--log-format"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }

    /// Every long option `serve` declares has a variable (ArgumentParser's own dump of the command).
    @Test func everyServeFlagHasAVariable() async throws {
        let dump = try await ServeBinary.run(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let names = arguments.compactMap { argument -> String? in
            guard argument["kind"] as? String != "positional" else { return nil }
            let long = (argument["names"] as? [[String: Any]])?.first { $0["kind"] as? String == "long" }
            return long?["name"] as? String
        }.filter { !["help", "version", "no-cors"].contains($0) }
        #expect(names.count > 30)
        let covered = Set(EnvironmentArguments.serveSettings.map(\.name))
        #expect(Set(names).subtracting(covered).isEmpty, "flags without a variable: \(Set(names).subtracting(covered))")
        #expect(covered.subtracting(names).isEmpty, "variables without a flag: \(covered.subtracting(names))")
    }

    @Test func mergingRules() throws {
        let environment = ["MOCK_PORT": "9000", "MOCK_UPSTREAM": "http://a http://b", "MOCK_CORS": "off",
                           "MOCK_RECORD": "no", "MOCK_DB": "/tmp/x.sqlite", "MOCK_HOST": ""]
        let merged = try EnvironmentArguments.merged(["--port", "1"], environment: environment)
        #expect(merged.prefix(2) == ["--port", "1"])
        #expect(!merged.contains("--port=9000"), "the flag wins")
        #expect(merged.contains("--upstream=http://a") && merged.contains("--upstream=http://b"))
        #expect(merged.contains("--no-cors"))
        #expect(!merged.contains("--record"))
        #expect(!merged.contains { $0.hasPrefix("--host") }, "an empty variable is unset")
        let imported = try EnvironmentArguments.merged(["import", "a.har", "--", "-odd.har"], environment: environment)
        #expect(imported == ["import", "a.har", "--db=/tmp/x.sqlite", "--", "-odd.har"], "only what the subcommand takes, before --")
    }
}
