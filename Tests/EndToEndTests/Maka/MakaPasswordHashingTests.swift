import APIRoutes
import Foundation
import Testing
import TestSupport

/// Password hashing is slow on purpose; it must not hold up other connections on the same
/// event loop while it runs.
@Suite struct MakaPasswordHashingTests {
    @Test func slowRegistrationDoesNotBlockOtherRequestsOnTheSameEventLoop() async throws {
        let directory = try TemporaryDirectory("maka-hash")
        // scrypt 2^17 (128 MiB, 8 times the production cost) takes about a second here: long
        // enough to tell a blocked loop from a free one.
        let server = try await AssembledServer.start(
            MockServerConfiguration(databasePath: directory.path("db.sqlite"), passwordHasher: PasswordHasher(cost: 17)),
            configure: { $0.eventLoopCount = 1 })
        let port = server.port

        let registration = Task {
            let body = Array("email=slow@maka.im&password=secret123".utf8)
            _ = try? await RawHTTPClient.exchangeUntilClose(
                port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body, timeout: 10)
            return ContinuousClock.now
        }
        // Long enough for the loop to have read the registration and begun hashing.
        try await Task.sleep(for: .milliseconds(200))
        let categories = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/app/tagCategories", timeout: 10)
        let categoriesFinished = ContinuousClock.now
        #expect(categories.status == 200)
        let registered = await registration.value
        // Blocked, the loop would answer the registration first and the GET after it; free, the
        // GET is answered while the hash still runs. Only the order is asserted: how far apart
        // the two answers land depends on how busy the machine is.
        #expect(categoriesFinished < registered, "a GET sent during a registration waited for the hash")
        await server.stop()
    }
}
