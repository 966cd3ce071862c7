import Foundation
import Testing
import TestSupport

/// The built `serve` loads libcurl only when it forwards: without `--upstream` or `--proxy` the
/// library and its dependencies are never mapped (3.9 MB resident), with them it is loaded as
/// the server starts, and a machine that cannot load it hears so at once, in words.
@Suite struct UpstreamClientLoadingTests {
    /// Linux: the mapped libraries are read from `/proc/PID/maps`.
    static let canReadMaps = ServeBinary.isBuilt && FileManager.default.fileExists(atPath: "/proc/self/maps")

    @Test(.enabled(if: canReadMaps)) func libcurlIsMappedOnlyWhenSomethingIsForwarded() async throws {
        let seeds = try TemporaryDirectory("no-seeds")
        let local = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path])
        #expect(try await RawHTTPClient.exchange(port: local.port, "GET", "/__admin/health").status == 200)
        let mappedLocally = try Self.mappedLibraries(of: local.processID)
        #expect(mappedLocally.contains { $0.hasSuffix("/libsqlite3.so.0") || $0.contains("/libsqlite3.so.0.") }, "the whole list was read")
        #expect(mappedLocally.filter { $0.contains("libcurl") } == [])
        local.send(signal: SIGTERM)
        #expect(await local.exitStatus() == 0)

        let upstream = try ScriptedTCPServer(.silent)
        let forwarding = try await ServeBinary.launch([
            "--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path,
            "--upstream", "http://127.0.0.1:\(upstream.port)",
        ])
        #expect(try Self.mappedLibraries(of: forwarding.processID).contains { $0.hasSuffix("/libcurl.so.4") || $0.contains("/libcurl.so.4.") })
        forwarding.send(signal: SIGTERM)
        #expect(await forwarding.exitStatus() == 0)
        withExtendedLifetime((seeds, upstream)) {}
    }

    @Test(.enabled(if: canReadMaps)) func forwardingWithoutLibcurlRefusesToStartAndSaysWhy() async throws {
        // A libcurl.so.4 the loader finds first and cannot load: what a machine without it sees.
        let broken = try TemporaryDirectory("broken-libcurl")
        try Data().write(to: broken.url.appendingPathComponent("libcurl.so.4"))
        let seeds = try TemporaryDirectory("no-seeds")
        for flags in [["--upstream", "http://127.0.0.1:9"], ["--proxy"]] {
            let outcome = try await ServeBinary.run(["--port", "0", "--db", ":memory:", "--seeds", seeds.url.path] + flags,
                                                    environment: ["LD_LIBRARY_PATH": broken.url.path])
            #expect(outcome.status == 1, "\(flags)")
            #expect(outcome.stderr.contains("serve: libcurl, which forwarding to an upstream needs, cannot be loaded ("), "\(flags)")
            #expect(outcome.stderr.contains("libcurl.so.4"), "\(flags): the loader's reason")
            #expect(outcome.stderr.contains("apt-get install libcurl4"), "\(flags)")
            #expect(!outcome.stdout.contains("listening on"), "\(flags)")
        }

        // Without a flag that forwards, the same machine serves.
        let local = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path],
                                                 environment: ["LD_LIBRARY_PATH": broken.url.path])
        #expect(try await RawHTTPClient.exchange(port: local.port, "GET", "/__admin/health").status == 200)
        local.send(signal: SIGTERM)
        #expect(await local.exitStatus() == 0)
        withExtendedLifetime((broken, seeds)) {}
    }

    /// The paths of the files `pid` has mapped. Read to its end: `/proc` files announce no size,
    /// and a read by size gets only their first page.
    static func mappedLibraries(of pid: pid_t) throws -> Set<String> {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init)
        })
    }
}
