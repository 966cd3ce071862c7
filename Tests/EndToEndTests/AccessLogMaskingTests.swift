import Foundation
import Testing
import TestSupport

/// Issue 12: the access log of the real `serve` process masks secret query parameters unless
/// `--keep-secrets` is given.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct AccessLogMaskingTests {
    let seeds: TemporaryDirectory

    init() throws {
        seeds = try TemporaryDirectory("no-seeds")
    }

    func accessLog(_ flags: [String]) async throws -> String {
        let serve = try await ServeBinary.launch(["--port", "0", "--db", ":memory:", "--seeds", seeds.url.path] + flags)
        let client = try await RawHTTPClient(port: serve.port)
        try await client.send("GET /app/probe?uid=7&token=s3cr3t HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try await client.readResponse().status == 404)
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
        return await serve.remainingOutput()
    }

    @Test func secretQueryParametersAreMasked() async throws {
        let log = try await accessLog([])
        #expect(log.contains(" GET /app/probe?uid=7&token=%5Bmasked%5D 404 "), "\(log)")
    }

    @Test func keepSecretsLogsThemInClear() async throws {
        let log = try await accessLog(["--keep-secrets"])
        #expect(log.contains(" GET /app/probe?uid=7&token=s3cr3t 404 "), "\(log)")
    }
}
