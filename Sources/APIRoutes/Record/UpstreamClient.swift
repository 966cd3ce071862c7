import CCurl
import Foundation
import Synchronization

/// The HTTP client the forwarder sends upstream requests with: one `curl_multi` driven by one
/// dedicated thread, so no transfer ever blocks an event loop or Swift's cooperative pool, and
/// connections to an upstream are kept and reused across requests (curl's connection cache).
/// A transfer whose upstream goes quiet for its stall timeout is given up here (curl's own
/// timeouts cover only the connection: a slow but steady answer may take as long as it takes).
///
/// `@unchecked Sendable`: `incoming`, `resumed` and `isStopping` are guarded by `lock`; the
/// multi handle and `transfers` are used only on the client's own thread (curl_multi_wakeup is
/// thread-safe).
final class UpstreamClient: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var incoming: [UpstreamTransfer] = []
    /// Paused transfers whose client took the waiting bytes, by handle address.
    private var resumed: [Int] = []
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

    /// Starts `request`. `onAnswer` runs once, on the client's thread, with the answer (its body
    /// streaming) or why there is none; after an answer with a body stream, `onBodyEnd` runs
    /// once when the body ended. Both must hand any slow work (a database write) to another queue.
    func send(_ request: UpstreamRequest, onAnswer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void,
              onBodyEnd: @escaping @Sendable (UpstreamAnswer, UpstreamBodyEnd) -> Void) {
        let address = Mutex<Int>(0)
        let resume: @Sendable () -> Void = { [weak self] in self?.resume(address.withLock { $0 }) }
        guard let transfer = UpstreamTransfer(request, resume: resume, onAnswer: onAnswer, onBodyEnd: onBodyEnd) else {
            onAnswer(.failure(.broken))
            return
        }
        address.withLock { $0 = Int(bitPattern: transfer.handle) }
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

    /// Un-pauses the transfer whose handle is at `address` (its client drained), if it still runs.
    private func resume(_ address: Int) {
        lock.withLock { resumed.append(address) }
        curl_multi_wakeup(multi)
    }

    /// Ends the thread; transfers still running complete with `.stopped`.
    func stop() {
        lock.withLock { isStopping = true }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (started, unpaused, stopping) = lock.withLock { () -> ([UpstreamTransfer], [Int], Bool) in
                defer {
                    incoming.removeAll()
                    resumed.removeAll()
                }
                return (incoming, resumed, isStopping)
            }
            if stopping {
                for transfer in started { transfer.abandon() }
                break
            }
            for transfer in started {
                transfers[transfer.handle] = transfer
                curl_multi_add_handle(multi, transfer.handle)
            }
            for address in unpaused {
                guard let handle = UnsafeMutableRawPointer(bitPattern: address), transfers[handle] != nil else { continue }
                curl_easy_pause(handle, 0)  // CURLPAUSE_CONT
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            completeFinished()
            giveUpStalled()
            // While transfers run, their stall clocks are read at least four times a second.
            let longest = transfers.isEmpty ? 1000 : 250
            var wait = longest
            curl_multi_timeout(multi, &wait)
            curl_multi_poll(multi, nil, 0, Int32(wait < 0 ? longest : min(wait, longest)), nil)
        }
        for transfer in transfers.values {
            curl_multi_remove_handle(multi, transfer.handle)
            transfer.abandon()
        }
        transfers.removeAll()
    }

    /// Ends the transfers whose upstream sent and took nothing for their stall timeout.
    private func giveUpStalled() {
        let now = ContinuousClock.now
        for (handle, transfer) in transfers where transfer.hasStalled(at: now) {
            transfers[handle] = nil
            curl_multi_remove_handle(multi, handle)
            transfer.finishStalled()
        }
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
