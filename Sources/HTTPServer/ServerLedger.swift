/// What the event loops and the control queue share about the whole server: its state machine
/// (which counts the open connections) and the spare descriptor. `HTTPServer` keeps it in a
/// `Mutex`, so a loop counts the clients it accepts and closes without a block on the control
/// queue.
struct ServerLedger {
    var machine: ServerStateMachine
    /// Held open so that at the descriptor limit one can be freed to accept and answer 503.
    var reserve = DescriptorReserve()
}
