import Synchronization

/// A one-shot "please shut down" that may fire before anyone listens (a signal that arrives
/// while the server is still starting): the action runs as soon as both have happened.
final class ShutdownRequest: Sendable {
    private struct State {
        var fired = false
        var action: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    func fire() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.fired = true
            return state.action
        }
        action?()
    }

    func onFire(_ action: @escaping @Sendable () -> Void) {
        let fired = state.withLock { state -> Bool in
            state.action = action
            return state.fired
        }
        if fired { action() }
    }
}
