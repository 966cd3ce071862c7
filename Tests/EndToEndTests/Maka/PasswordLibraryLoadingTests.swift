import Foundation
import Testing
import TestSupport
import Wire

/// The built `serve` loads libcrypto (scrypt) only when a Maka password is first hashed or
/// verified: a start checks none (the decoy hash of unknown logins is made without scrypt, and
/// seeded passwords are hashed once, when first imported), so a server nobody logs in to never maps
/// it (3.5 MB resident). An unknown email's login runs scrypt as a known one's does, so it maps
/// it too; a machine that cannot load it answers the password's request with a 500 (the reason,
/// `PasswordHashError.scryptUnavailable`, goes to the log only) and keeps serving.
@Suite struct PasswordLibraryLoadingTests {
    /// Linux: the mapped libraries are read from `/proc/PID/maps`.
    static let canReadMaps = ServeBinary.isBuilt && FileManager.default.fileExists(atPath: "/proc/self/maps")
    static let form = [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")]

    static func isLibcrypto(_ path: String) -> Bool {
        path.hasSuffix("/libcrypto.so.3") || path.contains("/libcrypto.so.3.")
    }

    @Test(.enabled(if: canReadMaps)) func libcryptoIsMappedOnlyOnceAPasswordIsChecked() async throws {
        let seeds = try TemporaryDirectory("no-seeds")
        let server = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", ":memory:", "--seeds", seeds.url.path])
        #expect(try await RawHTTPClient.exchange(port: server.port, "GET", "/__admin/health").status == 200)
        let atStart = try UpstreamClientLoadingTests.mappedLibraries(of: server.processID)
        #expect(atStart.contains { $0.hasSuffix("/libsqlite3.so.0") || $0.contains("/libsqlite3.so.0.") }, "the whole list was read")
        #expect(!atStart.contains(where: Self.isLibcrypto))

        // No account has this email: the answer is the wrong-credentials one, after a scrypt.
        let login = try await RawHTTPClient.exchange(port: server.port, "POST", "/app/user/login", headers: Self.form,
                                                     body: "email=nobody%40maka.im&password=maka2015")
        #expect(login.status == 200)
        let answer = try JSON.parse(Array(login.body.utf8))
        #expect(answer["code"] == 401)
        #expect(answer["msg"]?.stringValue?.contains("wrong") == true)
        #expect(try UpstreamClientLoadingTests.mappedLibraries(of: server.processID).contains(where: Self.isLibcrypto),
                "an unknown email's login verified a password")
        server.send(signal: SIGTERM)
        #expect(await server.exitStatus() == 0)
        withExtendedLifetime(seeds) {}
    }

    @Test(.enabled(if: canReadMaps)) func withoutLibcryptoAPasswordIsAServerErrorAndTheServerKeepsServing() async throws {
        // A libcrypto.so.3 the loader finds first and cannot load: what a machine without it sees.
        let broken = try TemporaryDirectory("broken-libcrypto")
        try Data().write(to: broken.url.appendingPathComponent("libcrypto.so.3"))
        let seeds = try TemporaryDirectory("no-seeds")
        let server = try await ServeBinary.launch(["--port", "0", "--db", ":memory:", "--seeds", seeds.url.path],
                                                  environment: ["LD_LIBRARY_PATH": broken.url.path])
        let register = try await RawHTTPClient.exchange(port: server.port, "POST", "/app/user/register", headers: Self.form,
                                                        body: "email=new%40maka.im&password=maka2015")
        #expect(register.status == 500)
        let body = register.body
        #expect(body.contains("internal error, see the server log"))
        #expect(!body.contains("libcrypto"), "the reason goes to the log, not to the client")
        let login = try await RawHTTPClient.exchange(port: server.port, "POST", "/app/user/login", headers: Self.form,
                                                     body: "email=new%40maka.im&password=maka2015")
        #expect(try JSON.parse(Array(login.body.utf8))["code"] == 401, "the registration stored nothing")
        #expect(try await RawHTTPClient.exchange(port: server.port, "GET", "/__admin/health").status == 200)
        server.send(signal: SIGTERM)
        #expect(await server.exitStatus() == 0)
        withExtendedLifetime((broken, seeds)) {}
    }
}
