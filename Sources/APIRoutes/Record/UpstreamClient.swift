import CCurl
import Foundation
import Synchronization

/// The HTTP client the forwarder sends upstream requests with: one `curl_multi` driven by one
/// dedicated thread, so no transfer ever blocks an event loop or Swift's cooperative pool, and
/// connections to an upstream are kept and reused across requests (curl's connection cache).
/// A transfer whose upstream goes quiet for its stall timeout is given up here (curl's own
/// timeouts cover only the connection: a slow but steady answer may take as long as it takes).
///
/// libcurl is loaded as the first client starts (`UpstreamClientLibrary`). Where it cannot be,
/// every request fails as broken (`serve` refuses to start instead).
///
/// `@unchecked Sendable`: `incoming`, `resumed` and `isStopping` are guarded by `lock`; the
/// multi handle and `transfers` are used only on the client's own thread (curl_multi_wakeup is
/// thread-safe).
final class UpstreamClient: @unchecked Sendable {
    /// libcurl's functions and the multi handle; nil when libcurl cannot be loaded.
    private let engine: (curl: UnsafePointer<ccurl_functions>, multi: UnsafeMutableRawPointer)?
    private let lock = NSLock()
    private var incoming: [UpstreamTransfer] = []
    /// Paused transfers whose client took the waiting bytes, by handle address.
    private var resumed: [Int] = []
    private var isStopping = false
    private var transfers: [UnsafeMutableRawPointer: UpstreamTransfer] = [:]

    /// - Parameter maxConnections: connections kept open for reuse, across all upstreams.
    init(maxConnections: Int = 32) {
        guard case .success(let library) = UpstreamClientLibrary.shared, let multi = library.functions.pointee.multi_init() else {
            engine = nil
            return
        }
        let curl = library.functions
        engine = (curl, multi)
        ccurl_multi_setopt_long(curl, multi, CURLMOPT_MAXCONNECTS, maxConnections)
        let thread = Thread { [self] in run() }
        thread.name = "UpstreamClient"
        thread.start()
    }

    // The thread holds the client until it ends, so the handle outlives every wake-up call.
    deinit {
        if let (curl, multi) = engine { _ = curl.pointee.multi_cleanup(multi) }
    }

    /// Starts `request`. `onAnswer` runs once, on the client's thread, with the answer (its body
    /// streaming) or why there is none; after an answer with a body stream, `onBodyEnd` runs
    /// once when the body ended. Both must hand any slow work (a database write) to another queue.
    func send(_ request: UpstreamRequest, onAnswer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void,
              onBodyEnd: @escaping @Sendable (UpstreamAnswer, UpstreamBodyEnd) -> Void) {
        guard let (curl, multi) = engine else {
            onAnswer(.failure(.broken))
            return
        }
        let address = Mutex<Int>(0)
        let resume: @Sendable () -> Void = { [weak self] in self?.resume(address.withLock { $0 }) }
        guard let transfer = UpstreamTransfer(request, curl: curl, resume: resume, onAnswer: onAnswer, onBodyEnd: onBodyEnd) else {
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
        _ = curl.pointee.multi_wakeup(multi)
    }

    /// Un-pauses the transfer whose handle is at `address` (its client drained), if it still runs.
    private func resume(_ address: Int) {
        lock.withLock { resumed.append(address) }
        wake()
    }

    /// Ends the thread; transfers still running complete with `.stopped`.
    func stop() {
        lock.withLock { isStopping = true }
        wake()
    }

    /// Wakes the client's thread from its poll (curl_multi_wakeup is thread-safe).
    private func wake() {
        if let (curl, multi) = engine { _ = curl.pointee.multi_wakeup(multi) }
    }

    private func run() {
        guard let (curl, multi) = engine else { return }
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
                _ = curl.pointee.multi_add_handle(multi, transfer.handle)
            }
            for address in unpaused {
                guard let handle = UnsafeMutableRawPointer(bitPattern: address), transfers[handle] != nil else { continue }
                _ = curl.pointee.easy_pause(handle, 0)  // CURLPAUSE_CONT
            }
            var running: Int32 = 0
            _ = curl.pointee.multi_perform(multi, &running)
            completeFinished(curl, multi)
            giveUpStalled(curl, multi)
            // While transfers run, their stall clocks are read at least four times a second.
            let longest = transfers.isEmpty ? 1000 : 250
            var wait = longest
            _ = curl.pointee.multi_timeout(multi, &wait)
            _ = curl.pointee.multi_poll(multi, nil, 0, Int32(wait < 0 ? longest : min(wait, longest)), nil)
        }
        for transfer in transfers.values {
            _ = curl.pointee.multi_remove_handle(multi, transfer.handle)
            transfer.abandon()
        }
        transfers.removeAll()
    }

    /// Ends the transfers whose upstream sent and took nothing for their stall timeout.
    private func giveUpStalled(_ curl: UnsafePointer<ccurl_functions>, _ multi: UnsafeMutableRawPointer) {
        let now = ContinuousClock.now
        for (handle, transfer) in transfers where transfer.hasStalled(at: now) {
            transfers[handle] = nil
            _ = curl.pointee.multi_remove_handle(multi, handle)
            transfer.finishStalled()
        }
    }

    private func completeFinished(_ curl: UnsafePointer<ccurl_functions>, _ multi: UnsafeMutableRawPointer) {
        var left: Int32 = 0
        while let message = curl.pointee.multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let transfer = transfers.removeValue(forKey: handle) else { continue }
            let code = message.pointee.data.result
            _ = curl.pointee.multi_remove_handle(multi, handle)
            transfer.finish(code)
        }
    }
}
