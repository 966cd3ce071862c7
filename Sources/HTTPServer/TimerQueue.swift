/// Work due at given instants on one event loop: a binary min-heap by due instant, ties in the
/// order they were scheduled. Used only on the loop's thread.
struct TimerQueue {
    private struct Entry {
        let due: MonotonicInstant
        let order: UInt64
        let work: () -> Void

        func precedes(_ other: Entry) -> Bool {
            due < other.due || (due == other.due && order < other.order)
        }
    }

    private var heap: [Entry] = []
    private var nextOrder: UInt64 = 0

    /// When the earliest work is due; nil when none is scheduled.
    var earliest: MonotonicInstant? { heap.first?.due }

    mutating func add(at due: MonotonicInstant, _ work: @escaping () -> Void) {
        heap.append(Entry(due: due, order: nextOrder, work: work))
        nextOrder += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest work if it is due at `now`.
    mutating func popDue(now: MonotonicInstant) -> (() -> Void)? {
        guard let first = heap.first, first.due <= now else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first.work
    }

    /// Drops every scheduled work (the loop is stopping).
    mutating func removeAll() {
        heap.removeAll()
    }
}
