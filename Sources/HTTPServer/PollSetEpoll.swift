#if os(Linux)
import CEpoll
import Glibc

/// Linux's readiness API for one event loop: an epoll set (level-triggered) and an eventfd in
/// it that other threads write to wake the loop.
///
/// `@unchecked Sendable`: only `wake` is called from other threads (it writes to a descriptor
/// that stays open as long as the set); the rest runs on the loop's thread.
final class PollSet: @unchecked Sendable {
    private static let wakeToken = UInt64.max
    private static let failure = EPOLLHUP.rawValue | EPOLLERR.rawValue

    private let descriptor: Int32
    private let wakeDescriptor: Int32
    /// What `epoll_wait` fills. A buffer of its own rather than an array property: the array,
    /// passed `inout` to the kernel's call, was checked for exclusive access at run time twice
    /// a turn.
    private let ready: UnsafeMutableBufferPointer<epoll_event>

    init() {
        descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        ready = .allocate(capacity: 256)
        ready.initialize(repeating: epoll_event())
        precondition(descriptor >= 0 && wakeDescriptor >= 0, "epoll_create1 or eventfd failed: \(errno)")
        control(EPOLL_CTL_ADD, wakeDescriptor, PollInterest(reading: true), token: Self.wakeToken, exclusive: false)
    }

    deinit {
        Socket.close(descriptor)
        Socket.close(wakeDescriptor)
        ready.deallocate()
    }

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    /// Adds, changes or removes `socket` in the set (an empty interest takes it out).
    /// `exclusive` (`EPOLLEXCLUSIVE`, given when the socket is added; the kernel refuses to
    /// change such an entry, so its interest only ever goes from nothing to reading and back).
    func change(_ socket: Int32, token: UInt64, from old: PollInterest, to new: PollInterest, exclusive: Bool) {
        let operation = old.isEmpty ? EPOLL_CTL_ADD : new.isEmpty ? EPOLL_CTL_DEL : EPOLL_CTL_MOD
        control(operation, socket, new, token: token, exclusive: exclusive && operation == EPOLL_CTL_ADD)
    }

    /// Waits and reports each ready socket's token; a hang-up or error reports both ways.
    func wait(timeout: Int32, _ report: (_ token: UInt64, _ readable: Bool, _ writable: Bool) -> Void) {
        let count = epoll_wait(descriptor, ready.baseAddress, Int32(ready.count), timeout)
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            let event = ready[index]
            if event.data.u64 == Self.wakeToken {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, 8)
                continue
            }
            let failed = event.events & Self.failure != 0
            report(event.data.u64, failed || event.events & EPOLLIN.rawValue != 0,
                   failed || event.events & EPOLLOUT.rawValue != 0)
        }
    }

    private func control(_ operation: Int32, _ socket: Int32, _ interest: PollInterest, token: UInt64,
                         exclusive: Bool) {
        var event = epoll_event()
        event.events = (interest.reading ? EPOLLIN.rawValue : 0) | (interest.writing ? EPOLLOUT.rawValue : 0)
            | (exclusive ? EPOLLEXCLUSIVE.rawValue : 0)
        event.data.u64 = token
        // Fails only for a descriptor already closed, which then has nothing left to report.
        _ = epoll_ctl(descriptor, operation, socket, &event)
    }
}
#endif
