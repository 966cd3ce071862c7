import CCurl
import Foundation

/// The HTTP client the forwarder sends upstream requests with: one `curl_multi` driven by one
/// dedicated thread, so no transfer ever blocks an event loop or Swift's cooperative pool, and
/// connections to an upstream are kept and reused across requests (curl's connection cache).
///
/// `@unchecked Sendable`: `incoming` and `isStopping` are guarded by `lock`; the multi handle
/// and `transfers` are used only on the client's own thread (curl_multi_wakeup is thread-safe).
final class UpstreamClient: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var incoming: [UpstreamTransfer] = []
    private var isStopping = false
    private var transfers: [UnsafeMutableRawPointer: UpstreamTransfer] = [:]

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    /// - Parameter maxConnections: connections kept open for reuse, across all upstreams.
    init(maxConnections: Int = 32) {
        _ = Self.globalInit
        multi = curl_multi_init()
        ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
        let thread = Thread { [self] in run() }
        thread.name = "UpstreamClient"
        thread.start()
    }

    // The thread holds the client until it ends, so the handle outlives every wake-up call.
    deinit { curl_multi_cleanup(multi) }

    /// Starts `request`; `completion` runs once, on the client's thread, with the answer or why
    /// there is none. It must hand any slow work (a database write) to another queue.
    func send(_ request: UpstreamRequest, completion: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void) {
        guard let transfer = UpstreamTransfer(request, completion: completion) else {
            completion(.failure(.broken))
            return
        }
        let accepted = lock.withLock {
            if isStopping { return false }
            incoming.append(transfer)
            return true
        }
        guard accepted else {
            transfer.abandon()
            return
        }
        curl_multi_wakeup(multi)
    }

    /// Ends the thread; transfers still running complete with `.stopped`.
    func stop() {
        lock.withLock { isStopping = true }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (started, stopping) = lock.withLock { () -> ([UpstreamTransfer], Bool) in
                defer { incoming.removeAll() }
                return (incoming, isStopping)
            }
            if stopping {
                for transfer in started { transfer.abandon() }
                break
            }
            for transfer in started {
                transfers[transfer.handle] = transfer
                curl_multi_add_handle(multi, transfer.handle)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            completeFinished()
            var wait = 1000
            curl_multi_timeout(multi, &wait)
            curl_multi_poll(multi, nil, 0, Int32(wait < 0 ? 1000 : min(wait, 1000)), nil)
        }
        for transfer in transfers.values {
            curl_multi_remove_handle(multi, transfer.handle)
            transfer.abandon()
        }
        transfers.removeAll()
    }

    private func completeFinished() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let transfer = transfers.removeValue(forKey: handle) else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, handle)
            transfer.finish(code)
        }
    }
}
