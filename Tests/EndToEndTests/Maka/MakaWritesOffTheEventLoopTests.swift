import APIRoutes
import Dispatch
import Foundation
import HTTPServer
import Store
import Synchronization
import Testing
import TestSupport

/// Routes that write are declared `.blocking` and run off the event loop: while a registration
/// waits for the database's writer, a read on another connection of the same (only) event loop
/// is answered at once.
@Suite struct MakaWritesOffTheEventLoopTests {
    @Test func aReadIsAnsweredWhileAWriteWaitsForTheWriter() async throws {
        let directory = try TemporaryDirectory("maka-write-off-loop")
        let server = try await AssembledServer.start(
            MockServerConfiguration(databasePath: directory.path("db.sqlite"), passwordHasher: MakaTestServer.hasher),
            configure: { $0.eventLoopCount = 1 })
        let database = server.database
        let baseURL = server.baseURL
        let writer = HeldWrite(database)
        await writer.hold()
        defer { writer.release() }

        let registration = Task {
            try await MakaClient.send(baseURL: baseURL, "POST", "/app/user/register",
                                      form: [("email", "slow@maka.im"), ("password", "secret123")])
        }
        // Give the registration time to reach the writer and wait there.
        try await Task.sleep(for: .milliseconds(200))
        let read = try await MakaClient.send(baseURL: baseURL, "GET", "/app/tagCategories")
        #expect(read.status == 200)
        #expect(writer.isHeld, "the read was answered only after the write was released")

        writer.release()
        let registered = try await registration.value
        #expect(registered.code == 200, "\(registered.text)")
        #expect(try MakaUserRepository(database: database).exists(email: "slow@maka.im"))
        await server.stop()
    }
}

/// A write transaction held open on a dedicated thread (never the cooperative pool) until
/// `release()`, so that every other write waits for the writer meanwhile.
private final class HeldWrite: Sendable {
    private let database: Database
    private let gate = DispatchSemaphore(value: 0)
    private let held = Mutex<Bool>(false)

    init(_ database: Database) {
        self.database = database
    }

    var isHeld: Bool { held.withLock { $0 } }

    /// Returns once the write transaction is open.
    func hold() async {
        await withCheckedContinuation { (opened: CheckedContinuation<Void, Never>) in
            Thread { [self] in
                _ = try? database.write { _ in
                    held.withLock { $0 = true }
                    opened.resume()
                    gate.wait()
                    held.withLock { $0 = false }
                }
            }.start()
        }
    }

    /// Lets the write commit; a second call does nothing.
    func release() {
        if isHeld { gate.signal() }
    }
}
