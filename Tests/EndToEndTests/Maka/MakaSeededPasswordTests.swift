import APIRoutes
import Foundation
import Store
import Testing
import TestSupport
import Wire

/// A seeded account's password is hashed with scrypt once, when its capture is first imported:
/// every later start rebuilds the sessions' template from the captures and reuses that hash
/// (a new hash would have a new salt). A database seeded by an earlier build, which remembered
/// no hash, gets the one its first rebuild made. The `serve` binary on a database file.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct MakaSeededPasswordTests {
    let directory: TemporaryDirectory
    let seeds: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("maka-seeded-password")
        seeds = try TemporaryDirectory("maka-one-account")
        let capture = #"""
            [{"request": {"method": "POST", "url": "/app/user/register",
                          "headers": {"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"},
                          "body": "email=demo%40maka.im&password=demo123456"},
              "response": {"status": 200, "headers": {"Content-Type": "application/json; charset=utf-8"},
                           "body": {"code": 200, "msg": "ok", "data": {"uid": 10001, "nickname": "demo",
                                    "email": "demo@maka.im", "token": "d884d1035a6decb0737ee600a98cbe7a"}}}}]
            """#
        try Data(capture.utf8).write(to: seeds.url.appendingPathComponent("users.json"))
    }

    private var database: String { directory.path("mock.sqlite") }
    private var template: String { database + ".sessions/seeded.sqlite" }

    /// One run: start, wait for the template (a reset waits for its build), log in, stop.
    private func run() async throws {
        let serve = try await ServeBinary.launch(["--port", "0", "--quiet", "--db", database, "--seeds", seeds.url.path])
        // The build takes seconds on a loaded machine.
        #expect(try await RawHTTPClient.exchange(port: serve.port, "POST", "/__admin/reset", timeout: 120).status == 200)
        let login = try await RawHTTPClient.exchange(
            port: serve.port, "POST", "/app/user/login",
            headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
            body: "email=demo%40maka.im&password=demo123456")
        guard case let .response(status, _, body) = login else { throw NoAnswer() }
        #expect(status == 200)
        #expect(try JSON.parse(Array(body.utf8))["code"] == 200, "the seeded password logs in: \(body)")
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    struct NoAnswer: Error {}

    private func rows(_ sql: String, in path: String) throws -> [String] {
        let database = try Database(path: path, migrations: StoreComponents.migrations)
        return try database.read { db in try db.query(sql).map { try $0.string(at: 0) } }
    }

    private func userHash(in path: String) throws -> [String] {
        try rows("SELECT password_hash FROM maka_users WHERE uid = 10001", in: path)
    }

    private func rememberedHashes() throws -> [String] {
        try rows("SELECT password_hash FROM \(MakaSchema.capturedPasswordHashesTable)", in: database)
    }

    @Test func aSeededPasswordIsNotHashedAgainAtLaterStarts() async throws {
        try await run()
        let seeded = try userHash(in: database)
        #expect(seeded.count == 1)
        #expect(try rememberedHashes() == seeded, "the seeding remembered the hash it made")

        // What a database seeded by an earlier build looks like: no hash remembered.
        do {
            let earlier = try Database(path: database, migrations: StoreComponents.migrations)
            try earlier.write { try $0.execute("DELETE FROM \(MakaSchema.capturedPasswordHashesTable)") }
        }
        try await run()
        let rebuilt = try userHash(in: template)
        #expect(rebuilt.count == 1)
        #expect(rebuilt != seeded, "nothing remembered: the rebuild hashed the password again")
        #expect(try rememberedHashes() == rebuilt, "and handed the hash to the database")

        try await run()
        #expect(try userHash(in: template) == rebuilt, "the next start's rebuild reused it")
        #expect(try rememberedHashes() == rebuilt)
    }
}
