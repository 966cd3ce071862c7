/// What a descriptor registered with an event loop is told, on the loop's thread.
protocol EventLoopHandler: AnyObject {
    /// The socket is readable, or hung up or failed while reading was wanted.
    func socketReadable()
    /// The socket is writable, or hung up or failed while writing was wanted.
    func socketWritable()
}

/// Whether a registered socket is watched for reading, for writing, both or neither.
struct PollInterest: Equatable {
    var reading = false
    var writing = false

    var isEmpty: Bool { !reading && !writing }
}

/// A registered socket's place in `Poller`'s slot table. The kernel is given only its `token`
/// (never a pointer to a handler), and the generation tells a slot's new tenant from a closed
/// one whose event was already in the batch being handled.
struct PollerRegistration: Equatable {
    fileprivate let slot: Int
    fileprivate let generation: UInt32

    fileprivate var token: UInt64 { UInt64(generation) << 32 | UInt64(slot) }
}

/// The sockets of one event loop and their handlers, over the kernel's readiness API
/// (`PollSet`: epoll on Linux, kqueue on Darwin). Used only on the loop's thread, but for
/// `wake`.
///
/// Level-triggered: a handler reads one buffer per event (64 KiB, the loop's shared read
/// buffer) and leaves the rest for the next turn, so one fast client cannot hold the loop and
/// nothing is lost when a handler stops early. Edge-triggered would need every handler to read
/// and write until `EAGAIN`, and a paused reader to remember that bytes are waiting.
///
/// A socket that wants neither reading nor writing (a paused connection) is taken out of the
/// kernel's set until it wants one again: epoll always reports hang-ups and errors, and a
/// level-triggered hang-up nobody reads would be reported on every turn.
final class Poller {
    private struct Slot {
        var socket: Int32 = -1
        var handler: (any EventLoopHandler)?
        var generation: UInt32 = 0
        var interest = PollInterest()
        /// Shared with other loops' sets, each woken alone (a listening socket).
        var isExclusive = false
    }

    private let pollSet = PollSet()
    /// The slot table, reached through `slots`.
    private let slotTable: UnsafeMutablePointer<[Slot]>
    private var freeSlots: [Int] = []

    init() {
        slotTable = .allocate(capacity: 1)
        slotTable.initialize(to: [])
    }

    deinit {
        slotTable.deinitialize(count: 1)
        slotTable.deallocate()
    }

    /// The registered sockets by slot. Kept in an allocation of the poller's own: as a stored
    /// property it was checked for exclusivity at run time on every ready socket (an access
    /// held across the array's calls). Only the loop's thread reaches it (`wake` does not), and
    /// no access to it calls a handler: `handler(_:reading:)` returns one, called after.
    private var slots: [Slot] {
        _read { yield slotTable.pointee }
        _modify { yield &slotTable.pointee }
    }

    /// Wakes the loop's wait; from any thread.
    func wake() {
        pollSet.wake()
    }

    /// Watches `socket` for `handler`, reading wanted or not, writing not yet. `exclusive`: the
    /// socket is in other loops' sets too and a readiness wakes one waiting loop, not every one
    /// (`EPOLLEXCLUSIVE`; kqueue has no such flag and wakes them all).
    func register(_ socket: Int32, handler: any EventLoopHandler, reading: Bool,
                  exclusive: Bool = false) -> PollerRegistration {
        let slot = freeSlots.popLast() ?? slots.count
        if slot == slots.count { slots.append(Slot()) }
        slots[slot].socket = socket
        slots[slot].handler = handler
        slots[slot].isExclusive = exclusive
        let registration = PollerRegistration(slot: slot, generation: slots[slot].generation)
        setInterest(registration, PollInterest(reading: reading, writing: false))
        return registration
    }

    /// Changes what a socket is watched for; a system call only when the interest changes.
    /// Does nothing for a registration already removed.
    func setInterest(_ registration: PollerRegistration, _ interest: PollInterest) {
        guard isLive(registration) else { return }
        let old = slots[registration.slot].interest
        guard interest != old else { return }
        slots[registration.slot].interest = interest
        pollSet.change(slots[registration.slot].socket, token: registration.token, from: old, to: interest,
                       exclusive: slots[registration.slot].isExclusive)
    }

    /// Stops watching the socket (before it is closed) and frees its slot.
    func deregister(_ registration: PollerRegistration) {
        guard isLive(registration) else { return }
        setInterest(registration, PollInterest())
        slots[registration.slot] = Slot(generation: registration.generation &+ 1)
        freeSlots.append(registration.slot)
    }

    /// Waits up to `timeout` milliseconds (-1: until something happens, 0: not at all) and
    /// calls the handlers of the sockets that are ready.
    func wait(timeout: Int32) {
        pollSet.wait(timeout: timeout) { token, readable, writable in
            if readable, let handler = handler(token, reading: true) { handler.socketReadable() }
            // The read may have closed the socket: the handler is looked up again.
            if writable, let handler = handler(token, reading: false) { handler.socketWritable() }
        }
    }

    private func isLive(_ registration: PollerRegistration) -> Bool {
        slots[registration.slot].generation == registration.generation && slots[registration.slot].handler != nil
    }

    /// The handler still registered under `token` and still asking to read (or to write).
    private func handler(_ token: UInt64, reading: Bool) -> (any EventLoopHandler)? {
        let slot = Int(token & 0xFFFF_FFFF)
        guard slot < slots.count, slots[slot].generation == UInt32(token >> 32) else { return nil }
        let interest = slots[slot].interest
        return (reading ? interest.reading : interest.writing) ? slots[slot].handler : nil
    }
}
