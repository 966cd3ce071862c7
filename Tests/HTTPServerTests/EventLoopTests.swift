import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// The event loop's own contract, on a loop with no sockets: work posted from other threads
/// runs on the loop's thread in the order posted; timers run in due order, never before their
/// delay; after `stop`, posted work is dropped without running.
@Suite struct EventLoopTests {
    /// State touched only on the loop's thread (the closures that use it run there).
    final class LoopOwned<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Tells when a closure holding it was released.
    final class ReleaseWitness: Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    /// A flag set from any thread.
    final class Flag: Sendable {
        private let state = Mutex(false)
        func set() { state.withLock { $0 = true } }
        var isSet: Bool { state.withLock { $0 } }
    }

    static func makeLoop() -> EventLoop {
        let context = ServerContext(
            configuration: ServerConfiguration(accessLog: false), responder: TestResponder(), errorResponder: .plainJSON,
            bodyBudget: BodyBudget(limit: 1 << 20), observer: nil, observerWantsAnsweredRequests: false,
            connectionClosed: {})
        return EventLoop(index: 0, context: context)
    }

    static func stop(_ loop: EventLoop) async {
        await withCheckedContinuation { continuation in loop.stop { continuation.resume() } }
    }

    @Test func workPostedFromAnotherThreadRunsOnTheLoopThreadInOrder() async {
        let loop = Self.makeLoop()
        #expect(!loop.isCurrent)
        let order = LoopOwned<[Int]>([])
        let everyRunOnLoop = LoopOwned(true)
        for index in 0..<200 {
            loop.execute {
                order.value.append(index)
                everyRunOnLoop.value = everyRunOnLoop.value && loop.isCurrent
            }
        }
        let (seen, onLoop) = await withCheckedContinuation { continuation in
            loop.execute { continuation.resume(returning: (order.value, everyRunOnLoop.value)) }
        }
        #expect(seen == Array(0..<200))
        #expect(onLoop)
        await Self.stop(loop)
    }

    #if os(Linux)
    /// The loop names its OS thread (Foundation's `Thread.name` does not reach it on Linux), so
    /// `top -H`, `/proc` and `bench/context_switches.sh` tell the loops from other threads.
    @Test func theLoopThreadCarriesItsNameInTheOperatingSystem() async {
        let loop = Self.makeLoop()
        let name = await withCheckedContinuation { continuation in
            loop.execute {
                continuation.resume(returning: try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))
            }
        }
        #expect(name == "http-loop-0\n")
        await Self.stop(loop)
    }
    #endif

    @Test func timersRunInDueOrderAndNeverBeforeTheirDelay() async {
        let loop = Self.makeLoop()
        let fired = LoopOwned<[String]>([])
        let firedEarly = LoopOwned<[String]>([])
        let (order, early) = await withCheckedContinuation { (continuation: CheckedContinuation<([String], [String]), Never>) in
            loop.execute {
                let start = MonotonicInstant.now()
                func timer(_ name: String, _ milliseconds: Int, last: Bool = false) {
                    loop.schedule(after: .milliseconds(milliseconds)) {
                        fired.value.append(name)
                        if MonotonicInstant.now() < start + .milliseconds(milliseconds) { firedEarly.value.append(name) }
                        if last { continuation.resume(returning: (fired.value, firedEarly.value)) }
                    }
                }
                timer("c", 30, last: true)
                timer("a", 10)
                timer("b", 20)
                timer("a2", 10)
            }
        }
        #expect(order == ["a", "a2", "b", "c"], "earliest due first")
        #expect(early.isEmpty, "fired before their delay: \(early)")
        await Self.stop(loop)
    }

    @Test func workPostedAfterStopIsDroppedWithoutRunning() async {
        let loop = Self.makeLoop()
        await Self.stop(loop)
        let released = Flag()
        let ran = Flag()
        do {
            let witness = ReleaseWitness { released.set() }
            loop.execute {
                withExtendedLifetime(witness) {}
                ran.set()
            }
        }
        #expect(released.isSet, "the closure was kept after the loop stopped")
        #expect(!ran.isSet)
    }
}
