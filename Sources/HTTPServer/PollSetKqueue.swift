#if canImport(Darwin)
import Darwin

/// Darwin's readiness API for one event loop: a kqueue with a read and a write filter per
/// watched socket (level-triggered, as epoll without `EPOLLET`), and a user event that other
/// threads trigger to wake the loop. Not verified on a Mac (see docs/api.md, Platforms).
///
/// `@unchecked Sendable`: only `wake` is called from other threads (`kevent` on a descriptor
/// that stays open as long as the set); the rest runs on the loop's thread.
final class PollSet: @unchecked Sendable {
    private let descriptor: Int32
    private var ready = [kevent](repeating: kevent(), count: 256)

    init() {
        descriptor = kqueue()
        precondition(descriptor >= 0, "kqueue failed: \(errno)")
        var event = kevent(ident: 0, filter: Int16(EVFILT_USER), flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0,
                           data: 0, udata: nil)
        _ = kevent(descriptor, &event, 1, nil, 0, nil)
    }

    deinit { Socket.close(descriptor) }

    func wake() {
        var event = kevent(ident: 0, filter: Int16(EVFILT_USER), flags: 0, fflags: UInt32(NOTE_TRIGGER), data: 0,
                           udata: nil)
        _ = kevent(descriptor, &event, 1, nil, 0, nil)
    }

    /// Adds or deletes the read and write filters whose interest changed (`exclusive` has no
    /// kqueue counterpart: every loop watching a listener is woken).
    func change(_ socket: Int32, token: UInt64, from old: PollInterest, to new: PollInterest, exclusive: Bool) {
        var changes: [kevent] = []
        let udata = UnsafeMutableRawPointer(bitPattern: UInt(token))
        for (filter, was, wanted) in [(EVFILT_READ, old.reading, new.reading), (EVFILT_WRITE, old.writing, new.writing)]
        where was != wanted {
            changes.append(kevent(ident: UInt(socket), filter: Int16(filter), flags: UInt16(wanted ? EV_ADD : EV_DELETE),
                                  fflags: 0, data: 0, udata: udata))
        }
        _ = kevent(descriptor, changes, Int32(changes.count), nil, 0, nil)
    }

    /// Waits and reports each ready filter's token (its end of file is read or written to find out).
    func wait(timeout: Int32, _ report: (_ token: UInt64, _ readable: Bool, _ writable: Bool) -> Void) {
        var limit = timespec(tv_sec: Int(timeout / 1000), tv_nsec: Int(timeout % 1000) * 1_000_000)
        let count = timeout < 0
            ? kevent(descriptor, nil, 0, &ready, Int32(ready.count), nil)
            : kevent(descriptor, nil, 0, &ready, Int32(ready.count), &limit)
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            let event = ready[index]
            guard event.filter != Int16(EVFILT_USER) else { continue }
            report(UInt64(UInt(bitPattern: event.udata)), event.filter == Int16(EVFILT_READ),
                   event.filter == Int16(EVFILT_WRITE))
        }
    }
}
#endif
