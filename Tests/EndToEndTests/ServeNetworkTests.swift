import Foundation
import HTTPServer
@testable import serve
import Testing
import TestSupport

/// `serve` where its users are: one `listening on` line per usable address when bound to all
/// interfaces (loopback first), and the admin token that guards `/__admin` beyond loopback.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct ServeNetworkTests {
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    private func launch(_ arguments: [String]) async throws -> ServeBinary.Launched {
        try await ServeBinary.launch(arguments + ["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path])
    }

    private func status(_ port: Int, host: String, _ target: String, headers: [(String, String)] = []) async throws -> Int {
        let client = try await RawHTTPClient(port: port, host: host)
        try await client.send("GET", target, host: "\(host):\(port)", headers: headers)
        return try await client.readResponse().status
    }

    @Test func allInterfacesListsEveryAddressLoopbackFirstAndGeneratesAToken() async throws {
        let serve = try await launch(["--host", "0.0.0.0"])
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)", "scripts read the first line")
        var hosts: [String] = ["127.0.0.1"]
        var token = ""
        while true {
            let line = await serve.nextLine()
            if let rest = line.split(separator: "admin token: ", maxSplits: 1).last, line.hasPrefix("admin token: ") {
                token = String(rest.split(separator: " ").first ?? "")
                break
            }
            let prefix = "listening on http://"
            try #require(line.hasPrefix(prefix) && line.hasSuffix(":\(serve.port)"), "\(line)")
            hosts.append(String(line.dropFirst(prefix.count).dropLast(":\(serve.port)".count)))
        }
        #expect(!hosts.contains("0.0.0.0"))
        #expect(Set(hosts).count == hosts.count)
        #expect(token.count == 48)
        for host in hosts {
            #expect(try await status(serve.port, host: host, "/__admin/requests") == 401, "\(host)")
            #expect(try await status(serve.port, host: host, "/__admin/requests", headers: [("Authorization", "Bearer \(token)")]) == 200)
            #expect(try await status(serve.port, host: host, "/__admin/health", headers: [("X-Mock-Admin-Token", token)]) == 200)
            #expect(try await status(serve.port, host: host, "/app/templates") != 401, "the API never needs the token")
        }
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func aGivenTokenGuardsLoopbackTooAndIsNotPrinted() async throws {
        let serve = try await launch(["--admin-token", "given-secret"])
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)")
        #expect(try await status(serve.port, host: "127.0.0.1", "/__admin/rules") == 401)
        #expect(try await status(serve.port, host: "127.0.0.1", "/__admin/rules", headers: [("X-Mock-Admin-Token", "given-secret")]) == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        #expect(await serve.remainingOutput().isEmpty, "one listening line, no token line")
    }

    @Test func loopbackWithoutATokenIsOpenToTools() async throws {
        let serve = try await launch(["--host", "127.0.0.1"])
        #expect(try await status(serve.port, host: "127.0.0.1", "/__admin/requests") == 200)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        #expect(await serve.remainingOutput().isEmpty)
    }

    /// `--host ::` is dual-stack: IPv4 and IPv6 clients both reach it, and both loopbacks are listed first.
    @Test func theIPv6WildcardAcceptsIPv4Too() async throws {
        let serve = try await launch(["--host", "::", "--admin-token", "t"])
        #expect(serve.listeningLine == "listening on http://127.0.0.1:\(serve.port)")
        #expect(await serve.nextLine() == "listening on http://[::1]:\(serve.port)")
        for host in ["127.0.0.1", "::1"] {
            let client = try await RawHTTPClient(port: serve.port, host: host)
            try await client.send("GET", "/__admin/health", host: host == "::1" ? "[::1]" : host, headers: [("X-Mock-Admin-Token", "t")])
            #expect(try await client.readResponse().status == 200, "\(host)")
        }
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    @Test func aSpecificAddressIsItsOwnLine_AWildcardNeverIs() {
        #expect(ListeningAddresses.urls(for: SocketAddress(host: "127.0.0.1", port: 8080)) == ["http://127.0.0.1:8080"])
        #expect(ListeningAddresses.urls(for: SocketAddress(host: "::1", port: 8080)) == ["http://[::1]:8080"])
        let ipv4 = ListeningAddresses.urls(for: SocketAddress(host: "0.0.0.0", port: 1))
        #expect(ipv4.first == "http://127.0.0.1:1")
        #expect(!ipv4.contains("http://0.0.0.0:1"))
        let dualStack = ListeningAddresses.urls(for: SocketAddress(host: "::", port: 1))
        #expect(Array(dualStack.prefix(2)) == ["http://127.0.0.1:1", "http://[::1]:1"], "both loopbacks first")
        #expect(!dualStack.contains("http://[::]:1"))
        #expect(dualStack.filter { $0.hasPrefix("http://[") }.allSatisfy { $0.hasSuffix("]:1") && (!$0.contains("%") || $0.contains("%25")) })
    }

    @Test func onlyLoopbackHostsAreOpenWithoutAToken() throws {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST"] { #expect(LoopbackHost.contains(host), "\(host)") }
        for host in ["0.0.0.0", "::", "192.168.1.20", "fe80::1", "my-mac.local", "128.0.0.1"] { #expect(!LoopbackHost.contains(host), "\(host)") }
        let options = try AdminOptions.parse([])
        let generated = options.token(listeningOn: "0.0.0.0")
        #expect(generated.generated && generated.token?.count == 48)
        #expect(options.token(listeningOn: "0.0.0.0").token != generated.token)
        #expect(options.token(listeningOn: "127.0.0.1").token == nil)
        #expect(try AdminOptions.parse(["--admin-token", " given "]).token(listeningOn: "0.0.0.0") == ("given", false))
        #expect(throws: (any Error).self) { try AdminOptions.parse(["--admin-token", " "]) }
    }
}
