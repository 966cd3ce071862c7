import XCTest
@testable import HTTPServer

/// initial → starting → running → shuttingDown → shutdown, with made-up instants.
final class ServerStateMachineTests: XCTestCase {
    private let now = MonotonicInstant(nanoseconds: 5_000_000_000)

    func test_start_BindsOnce() {
        var machine = ServerStateMachine(shutdownDeadline: .seconds(5))
        XCTAssertEqual(machine.startRequested(), .bind)
        XCTAssertEqual(machine.state, .starting)
        XCTAssertEqual(machine.startRequested(), .refuse)
        machine.startSucceeded()
        XCTAssertEqual(machine.state, .running(connections: 0))
        XCTAssertEqual(machine.startRequested(), .refuse)
    }

    func test_failedStart_EndsShutDown() {
        var machine = ServerStateMachine(shutdownDeadline: .seconds(5))
        _ = machine.startRequested()
        machine.startFailed()
        XCTAssertEqual(machine.state, .shutdown)
        XCTAssertEqual(machine.shutdownRequested(now: now), .none)
    }

    func test_shutdownBeforeStart_FinishesAtOnce() {
        var machine = ServerStateMachine(shutdownDeadline: .seconds(5))
        XCTAssertEqual(machine.shutdownRequested(now: now), .finish)
        XCTAssertEqual(machine.startRequested(), .refuse)
    }

    func test_shutdownWithoutConnections_FinishesAtOnce() {
        var machine = running()
        XCTAssertEqual(machine.shutdownRequested(now: now), .finish)
        XCTAssertEqual(machine.state, .shutdown)
    }

    func test_shutdown_WaitsForTheLastConnection() {
        var machine = running()
        XCTAssertEqual(machine.connectionOpened(), .none)
        XCTAssertEqual(machine.connectionOpened(), .none)
        XCTAssertEqual(machine.shutdownRequested(now: now), .stopAccepting(deadline: now + .seconds(5)))
        XCTAssertEqual(machine.shutdownRequested(now: now), .none, "a second request changes nothing")
        XCTAssertEqual(machine.connectionOpened(), .reject, "no new connections while shutting down")
        XCTAssertEqual(machine.connectionClosed(), .none)
        XCTAssertEqual(machine.deadlineCheck(now: now + .seconds(1)), .none)
        XCTAssertEqual(machine.connectionClosed(), .finish)
        XCTAssertEqual(machine.state, .shutdown)
        XCTAssertEqual(machine.deadlineCheck(now: now + .seconds(10)), .none, "finished already")
    }

    func test_shutdownDeadline_ForcesTheRestClosed() {
        var machine = running()
        _ = machine.connectionOpened()
        _ = machine.shutdownRequested(now: now)
        XCTAssertEqual(machine.deadlineCheck(now: now + .milliseconds(4999)), .none)
        XCTAssertEqual(machine.deadlineCheck(now: now + .seconds(5)), .forceCloseAndFinish)
        XCTAssertEqual(machine.state, .shutdown)
        XCTAssertEqual(machine.connectionClosed(), .none, "late closes after the deadline are ignored")
    }

    func test_connectionCount_Tracked() {
        var machine = running()
        _ = machine.connectionOpened()
        _ = machine.connectionOpened()
        _ = machine.connectionClosed()
        XCTAssertEqual(machine.state, .running(connections: 1))
    }

    private func running() -> ServerStateMachine {
        var machine = ServerStateMachine(shutdownDeadline: .seconds(5))
        _ = machine.startRequested()
        machine.startSucceeded()
        return machine
    }
}
