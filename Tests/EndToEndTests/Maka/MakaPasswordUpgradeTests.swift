import APIRoutes
import Store
import Testing
import TestSupport

/// A user whose password hash an earlier build wrote (libxcrypt yescrypt) logs in where the
/// system can read it, and the login replaces the hash with scrypt; a wrong password changes
/// nothing. Where libxcrypt does not exist (Darwin) the old hash is refused like a wrong one.
@Suite struct MakaPasswordUpgradeTests {
    static let yescryptHash = "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$N2.w3TZfISdAC5Ii6/epUDzMVOilxTgR2aPYEXVHd0/"

    @Test func anEarlierBuildsHashIsReplacedAtTheNextLogin() async throws {
        let server = try await MakaTestServer()
        let users = MakaUserRepository(database: try Database(path: server.databasePath, migrations: StoreComponents.migrations))
        _ = try users.register(email: "old@maka.im", passwordHash: Self.yescryptHash, nickname: "old", token: "t-old")
        let client = MakaClient(server: server)

        let wrong = try await client.send("POST", "/app/user/login", form: [("email", "old@maka.im"), ("password", "maka2016")])
        expectFailure(wrong, code: 401, mentioning: "password")
        #expect(try users.credentials(email: "old@maka.im")?.passwordHash == Self.yescryptHash)

        let login = try await client.send("POST", "/app/user/login", form: [("email", "old@maka.im"), ("password", "maka2015")])
        let stored = try #require(try users.credentials(email: "old@maka.im")?.passwordHash)
        #if os(Linux)
        #expect(login.code == 200, "\(login.text)")
        #expect(stored.hasPrefix("$scrypt$"), "upgraded: \(stored)")
        #expect(MakaTestServer.hasher.verify("maka2015", against: stored))
        let again = try await client.send("POST", "/app/user/login", form: [("email", "old@maka.im"), ("password", "maka2015")])
        #expect(again.code == 200, "the upgraded hash logs in: \(again.text)")
        #else
        expectFailure(login, code: 401, mentioning: "password")
        #expect(stored == Self.yescryptHash)
        #endif
        await server.stop()
    }
}
