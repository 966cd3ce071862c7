import APIRoutes
import Dispatch
import Foundation
import HTTPServer
import Store
import Testing

/// Password hashing is slow on purpose; it must not hold up other connections on the same
/// event loop while it runs.
@Suite struct MakaPasswordHashingTests {
    @Test func slowRegistrationDoesNotBlockOtherRequestsOnTheSameEventLoop() throws {
        let directory = try TemporaryDirectory("maka-hash")
        let database = try Database(path: directory.path("db.sqlite"), migrations: MakaTestServer.migrations)
        // Cost 10 takes about a second here: long enough to tell a blocked loop from a free one.
        let module = try MakaModule(database: database, hasher: PasswordHasher(cost: 10))
        let server = try LoopbackServer(responder: MockApplication(modules: [module]), eventLoopCount: 1)
        let port = server.port
        defer { server.stop() }

        let registered = DispatchSemaphore(value: 0)
        let registerFinished = LockedInstant()
        DispatchQueue.global().async {
            let body = Array("email=slow@maka.im&password=secret123".utf8)
            _ = try? RawHTTPClient.exchangeUntilClose(
                port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body, timeout: 10)
            registerFinished.set(ContinuousClock.now)
            registered.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        let categories = try RawHTTPClient.exchangeUntilClose(port: port, "GET", "/app/tagCategories", timeout: 10)
        let categoriesFinished = ContinuousClock.now
        #expect(categories.status == 200)
        #expect(registered.wait(timeout: .now() + 30) == .success)
        let registration = try #require(registerFinished.get())
        // Blocked, the GET would finish just after the registration; free, long before it.
        #expect(categoriesFinished.duration(to: registration) > .milliseconds(300),
                "a GET sent during a registration waited for the hash")
    }
}

/// An instant written by one thread and read by another.
private final class LockedInstant: @unchecked Sendable {
    // `lock` guards `value`.
    private let lock = NSLock()
    private var value: ContinuousClock.Instant?

    func set(_ instant: ContinuousClock.Instant) { lock.withLock { value = instant } }
    func get() -> ContinuousClock.Instant? { lock.withLock { value } }
}
