import XCTest
@testable import HTTPServer

/// The connection lifecycle driven with made-up instants: every timeout rule without sleeping.
final class ConnectionStateMachineTests: XCTestCase {
    private let start = MonotonicInstant(nanoseconds: 1_000_000_000)
    private let timeouts = ConnectionStateMachine.Timeouts(header: .seconds(10), idle: .seconds(60))

    private func at(_ seconds: Double) -> MonotonicInstant {
        start + .milliseconds(Int64(seconds * 1000))
    }

    func test_newConnection_IsIdle_AndClosesAfterIdleTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        XCTAssertEqual(machine.deadline, at(60))
        XCTAssertEqual(machine.timerFired(now: at(59.9)), .none)
        XCTAssertEqual(machine.timerFired(now: at(60)), .close)
        XCTAssertNil(machine.deadline)
        XCTAssertEqual(machine.timerFired(now: at(120)), .none, "a closed connection closes once")
    }

    func test_startedHead_Gets408_AfterHeaderTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesReceived(now: at(1), parserPhase: .head)
        XCTAssertEqual(machine.deadline, at(11))
        machine.bytesReceived(now: at(5), parserPhase: .head)
        XCTAssertEqual(machine.deadline, at(11), "more header bytes do not extend the header deadline")
        XCTAssertEqual(machine.timerFired(now: at(10.9)), .none)
        XCTAssertEqual(machine.timerFired(now: at(11)), .answerTimeoutThenClose)
        XCTAssertNil(machine.deadline, "the 408 is in flight: no further timeout")
        XCTAssertEqual(machine.responseCompleted(now: at(11.1), closeRequested: false), .close)
    }

    func test_bodyReading_ClosesAfterIdleTimeout_WithoutProgress() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesReceived(now: at(1), parserPhase: .body)
        machine.bytesReceived(now: at(30), parserPhase: .body)
        XCTAssertEqual(machine.deadline, at(90), "each body byte restarts the idle timer")
        XCTAssertEqual(machine.timerFired(now: at(89)), .none)
        XCTAssertEqual(machine.timerFired(now: at(90)), .close)
    }

    func test_inFlightRequest_HasNoTimeout_ThenIdleTimerRestarts() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesReceived(now: at(1), parserPhase: .idle)
        machine.requestDispatched(keepAlive: true)
        XCTAssertNil(machine.deadline)
        XCTAssertEqual(machine.timerFired(now: at(500)), .none, "a slow handler is not timed out")
        XCTAssertEqual(machine.responseCompleted(now: at(600), closeRequested: false), .none)
        XCTAssertEqual(machine.deadline, at(660))
    }

    func test_requestWithoutKeepAlive_ClosesAfterItsResponse() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestDispatched(keepAlive: true)
        machine.requestDispatched(keepAlive: false)
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: false), .none)
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: false), .close)
    }

    func test_handlerAskingForClose_Closes() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestDispatched(keepAlive: true)
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: true), .close)
    }

    func test_parseError_ClosesAfterTheErrorResponse() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.parseFailed()
        XCTAssertTrue(machine.closeAfterInFlight)
        XCTAssertEqual(machine.responseCompleted(now: at(0.1), closeRequested: false), .close)
    }

    func test_peerClose_WhileIdle_ClosesAtOnce() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        XCTAssertEqual(machine.peerClosed(), .close)
    }

    func test_peerClose_WithResponsesOwed_ClosesAfterThem() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestDispatched(keepAlive: true)
        XCTAssertEqual(machine.peerClosed(), .none)
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: false), .close)
    }

    func test_shutdown_ClosesQuietConnectionAtOnce() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        XCTAssertEqual(machine.shutdownRequested(), .close)
    }

    func test_shutdown_AbandonsHalfReceivedHead() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesReceived(now: at(1), parserPhase: .head)
        XCTAssertEqual(machine.shutdownRequested(), .close)
    }

    func test_shutdown_LetsInFlightRequestsFinish() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestDispatched(keepAlive: true)
        machine.requestDispatched(keepAlive: true)
        XCTAssertEqual(machine.shutdownRequested(), .none)
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: false), .none)
        XCTAssertEqual(machine.responseCompleted(now: at(2), closeRequested: false), .close)
    }

    func test_lingeringClose_EndsAfterLingerTime_WhileTheClientKeepsSending() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.parseFailed()
        XCTAssertEqual(machine.responseCompleted(now: at(1), closeRequested: true), .close)
        machine.lingerStarted(now: at(1))
        XCTAssertEqual(machine.deadline, at(2), "1 s without a byte ends it")
        XCTAssertEqual(machine.lingerDiscarded(1 << 20, now: at(1.5)), .none)
        XCTAssertEqual(machine.deadline, at(2.5), "each byte read restarts the quiet time")
        XCTAssertEqual(machine.lingerDiscarded(1 << 20, now: at(3.5)), .none)
        XCTAssertEqual(machine.deadline, at(4), "but not past 3 s in all")
        XCTAssertEqual(machine.timerFired(now: at(3.9)), .none)
        XCTAssertEqual(machine.timerFired(now: at(4)), .close)
        XCTAssertNil(machine.deadline)
        XCTAssertEqual(machine.lingerPeerClosed(), .none, "a closed connection closes once")
    }

    func test_lingeringClose_EndsWhenTheClientFallsQuiet() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.lingerStarted(now: at(0))
        XCTAssertEqual(machine.lingerDiscarded(10, now: at(0.5)), .none)
        XCTAssertEqual(machine.timerFired(now: at(1.4)), .none)
        XCTAssertEqual(machine.timerFired(now: at(1.5)), .close)
    }

    func test_lingeringClose_EndsOverTheByteBudget_OrWhenTheClientCloses() {
        var limited = timeouts
        limited.lingerBytes = 1000
        var machine = ConnectionStateMachine(now: start, timeouts: limited)
        machine.lingerStarted(now: at(0))
        XCTAssertEqual(machine.lingerDiscarded(600, now: at(0)), .none)
        XCTAssertEqual(machine.lingerDiscarded(400, now: at(0)), .none, "exactly the budget is still read")
        XCTAssertEqual(machine.lingerDiscarded(1, now: at(0)), .close)
        XCTAssertEqual(machine.lingerDiscarded(1, now: at(0)), .none)

        var quiet = ConnectionStateMachine(now: start, timeouts: limited)
        quiet.lingerStarted(now: at(0))
        XCTAssertEqual(quiet.lingerPeerClosed(), .close)
        XCTAssertNil(quiet.deadline)
    }
}
