import Testing
@testable import HTTPServer

/// The loop's timer heap: earliest first whatever the order of scheduling, ties in scheduling
/// order, nothing handed out before it is due.
@Suite struct TimerQueueTests {
    @Test func popsDueWorkEarliestFirstAndTiesInSchedulingOrder() {
        var queue = TimerQueue()
        var order: [Int] = []
        let base = MonotonicInstant(nanoseconds: 1_000)
        let offsets = [50, 10, 40, 10, 30, 0, 20, 50, 5]
        for (index, offset) in offsets.enumerated() {
            queue.add(at: base + .nanoseconds(offset)) { order.append(index) }
        }
        #expect(queue.earliest == base)
        #expect(queue.popDue(now: MonotonicInstant(nanoseconds: 999)) == nil)
        while let work = queue.popDue(now: base + .nanoseconds(30)) { work() }
        #expect(order == [5, 8, 1, 3, 6, 4], "due by then, earliest first, ties as scheduled")
        #expect(queue.earliest == base + .nanoseconds(40))
        while let work = queue.popDue(now: base + .nanoseconds(50)) { work() }
        #expect(order == [5, 8, 1, 3, 6, 4, 2, 0, 7])
        #expect(queue.earliest == nil)
    }
}
