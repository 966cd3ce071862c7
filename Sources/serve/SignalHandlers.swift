import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the given signals into a callback through Dispatch signal sources.
///
/// libdispatch reads signals through a `signalfd`, which only sees a signal that is blocked in
/// every thread: so the signals are blocked here, on the main thread, before the server starts
/// any thread (new threads inherit the mask), and their default action is disabled.
///
/// The sources run on a queue of their own: on Linux the global concurrent queues get no new
/// thread while the machine's cores are busy, and a signal handled there waited for a long
/// template build (the shutdown began only after the request in flight had been answered).
final class SignalHandlers {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let queue = DispatchQueue(label: "serve.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
