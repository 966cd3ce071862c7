import Foundation

/// Per-match-key positions for `--replay-sequence`: the n-th identical request gets the n-th
/// matching capture (in import order), and the last one repeats once the sequence is used up.
/// Kept in memory: a restart starts every sequence again.
final class SequenceCursors: @unchecked Sendable {
    // `lock` guards `positions`.
    private let lock = NSLock()
    private var positions: [String: Int] = [:]

    /// The index to answer with for this key, given how many captures match; advances the cursor.
    func next(for key: String, count: Int) -> Int {
        lock.withLock {
            let position = positions[key, default: 0]
            positions[key] = position + 1
            return min(position, count - 1)
        }
    }

    /// Forgets every position.
    func reset() {
        lock.withLock { positions.removeAll() }
    }
}
