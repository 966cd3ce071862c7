import Testing
import TestSupport

/// `--accept-any-password` (`MockServerConfiguration.acceptAnyPassword`): off, a wrong password is
/// refused; on, any password logs in to a known account, and an unknown email is still refused.
@Suite struct MakaAcceptAnyPasswordTests {
    @Test func offByDefaultAWrongPasswordIsRefused() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        let wrong = try await client.send("POST", "/app/user/login", form: [("email", "250176996@qq.com"), ("password", "otherCipher==")])
        expectFailure(wrong, code: 401, mentioning: "password")
        await server.stop()
    }

    @Test func onAnyPasswordLogsInToAKnownAccount() async throws {
        let server = try await MakaTestServer(seeded: true, acceptAnyPassword: true)
        let client = MakaClient(server: server)
        let login = try await client.send("POST", "/app/user/login", form: [("email", "250176996@qq.com"), ("password", "otherCipher==")])
        #expect(login.code == 200, "\(login.text)")
        #expect(login.data["uid"]?.intValue == 1999139)
        let token = try #require(login.data["token"]?.stringValue)
        #expect(try await client.get("/app/events", token: token).code == 200, "the token is a real one")
        let unknown = try await client.send("POST", "/app/user/login", form: [("email", "nobody@maka.im"), ("password", "x")])
        expectFailure(unknown, code: 401, mentioning: "password")
        await server.stop()
    }

    @Test(.enabled(if: ServeBinary.isBuilt)) func serveOffersTheFlag() async throws {
        let help = try await ServeBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--accept-any-password"))
    }
}
