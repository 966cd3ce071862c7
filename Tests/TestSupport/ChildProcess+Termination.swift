extension ChildProcess {
    /// How a child ended: its exit code, or the signal that ended it.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// Decodes a `waitpid` status (the macros are not imported into Swift): the low seven
        /// bits are the ending signal, zero for a normal exit whose code is the next byte.
        init(waitStatus: Int32) {
            let signal = waitStatus & 0x7f
            self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
        }

        /// The status a shell reports: the exit code, or 128 plus the signal number.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }
    }
}
