import Foundation

/// Where `CONNECT` tunnels make their connections. Name resolution blocks a thread (for as long
/// as a slow DNS server takes), so it runs on at most `width` threads of its own, started as
/// needed and kept for the next tunnels, never on the global queues, which get few threads on a
/// small machine and serve the rest of the server; resolutions past `width` wait their turn, in
/// arrival order. The connects themselves hold no thread (`TunnelEndpoint.dial`): 200 tunnels
/// opening at once to a host that drops packets delay neither the server's other work nor
/// tunnels to other hosts. Their outcomes arrive on `connects`.
///
/// `@unchecked Sendable`: `jobs`, `threads` and `idle` are guarded by `condition`.
final class TunnelConnector: @unchecked Sendable {
    /// The one every forwarder uses: sessions share the machine's threads.
    static let shared = TunnelConnector(width: 8)

    /// The most names resolved at once.
    let width: Int
    /// Where the connects' outcomes are handled.
    let connects = DispatchQueue(label: "TunnelConnector.connects")
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var threads = 0
    private var idle = 0

    init(width: Int) {
        self.width = width
    }

    /// Runs `resolve` on one of the connector's threads, as soon as one is free.
    func run(_ resolve: @escaping @Sendable () -> Void) {
        let startsThread: Bool = condition.withLock {
            jobs.append(resolve)
            condition.signal()
            guard jobs.count > idle, threads < width else { return false }
            threads += 1
            return true
        }
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = "TunnelConnector"
            thread.start()
        }
    }

    private func work() {
        while true {
            let job: @Sendable () -> Void = condition.withLock {
                while jobs.isEmpty {
                    idle += 1
                    condition.wait()
                    idle -= 1
                }
                return jobs.removeFirst()
            }
            job()
        }
    }
}
