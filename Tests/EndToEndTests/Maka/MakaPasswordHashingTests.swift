import APIRoutes
import Foundation
import Testing
import TestSupport

/// Password hashing is slow on purpose; it must not hold up other connections on the same
/// event loop while it runs.
@Suite struct MakaPasswordHashingTests {
    @Test func slowRegistrationDoesNotBlockOtherRequestsOnTheSameEventLoop() async throws {
        let directory = try TemporaryDirectory("maka-hash")
        // The production cost (scrypt 2^14, p = 5) takes about a second in a debug build: long
        // enough to tell a blocked loop from a free one.
        let server = try await AssembledServer.start(
            MockServerConfiguration(databasePath: directory.path("db.sqlite"), passwordHasher: PasswordHasher()),
            configure: { $0.eventLoopCount = 1 })
        let port = server.port

        let registration = Task {
            let body = Array("email=slow@maka.im&password=secret123".utf8)
            _ = try? await RawHTTPClient.exchangeUntilClose(
                port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body, timeout: 10)
            return ContinuousClock.now
        }
        try await Task.sleep(for: .milliseconds(50))
        let categories = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/app/tagCategories", timeout: 10)
        let categoriesFinished = ContinuousClock.now
        #expect(categories.status == 200)
        let registered = await registration.value
        // Blocked, the GET would finish just after the registration; free, long before it.
        #expect(categoriesFinished.duration(to: registered) > .milliseconds(300),
                "a GET sent during a registration waited for the hash")
        await server.stop()
    }
}
