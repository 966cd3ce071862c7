import APIRoutes
import Foundation
import Store
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
            return try await RawHTTPClient.exchangeUntilClose(
                port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body, timeout: 120)
        }
        // Long enough for the loop to have read the registration and begun hashing.
        try await Task.sleep(for: .milliseconds(200))
        let categories = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/app/tagCategories", timeout: 120)
        #expect(categories.status == 200)
        #expect(try await registration.value.status == 200)
        // When each answer was written, as the server's journal saw it: a busy test process
        // resumes this test's tasks late and in any order, so the client's clock cannot tell.
        // Blocked, the loop would answer the registration first and the GET after it; free, the
        // GET is answered while the hash still runs.
        let entries = try server.assembly.journal.entries(matching: JournalFilter())
        func answered(_ path: String) throws -> Date {
            let entry = try #require(entries.first { $0.path == path })
            return entry.startedAt.addingTimeInterval(entry.durationMilliseconds / 1000)
        }
        #expect(try answered("/app/tagCategories") < answered("/app/user/register"),
                "a GET sent during a registration waited for the hash")
        await server.stop()
    }
}
