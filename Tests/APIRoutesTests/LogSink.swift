import Synchronization

/// Collects the lines a component logs, from any thread.
final class LogSink: Sendable {
    let lines = Mutex<[String]>([])

    /// The sink as the `log` closure components take.
    var log: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }
}
