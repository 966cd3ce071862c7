import Foundation

extension ServeBinary {
    /// A `serve` process started by `launch(_:)`: its listening line, and its exit to await.
    /// Released while still running, it is killed.
    public final class Launched: Sendable {
        public let listeningLine: String
        /// The port from the listening line; -1 when the line has none.
        public let port: Int
        /// The process's id (to read its `/proc` entries).
        public var processID: pid_t { child.id }
        private let child: ChildProcess
        private let output: ChildOutput

        init(child: ChildProcess, output: ChildOutput, listeningLine: String) {
            self.child = child
            self.output = output
            self.listeningLine = listeningLine
            // The last `:PORT` of the line, text (`listening on http://[::1]:PORT`) or JSON (`"url":"http://…:PORT"}`).
            port = listeningLine.matches(of: /:(\d+)/).last.flatMap { Int($0.output.1) } ?? -1
        }

        /// Sends `signal` (SIGTERM, SIGINT …) to the process, at once or after `delay` on a Dispatch
        /// timer, which fires on time even while the cooperative pool is busy with other tests.
        public func send(signal: Int32, after delay: Duration = .zero) {
            let child = self.child
            guard delay > .zero else {
                child.send(signal: signal)
                return
            }
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { child.send(signal: signal) }
        }

        /// The exit status (128 plus the signal number for a process a signal ended), or nil when
        /// the process is still running after `limit`.
        public func exitStatus(within limit: Duration = .seconds(10)) async -> Int32? {
            await child.termination(within: limit)?.status
        }

        /// The next line the process writes to standard output (without its newline); empty at the end.
        public func nextLine() async -> String { await output.readLine() }

        /// Everything the process wrote to standard output after the listening line, once it has exited.
        public func remainingOutput() async -> String {
            String(decoding: await output.readToEnd(), as: UTF8.self)
        }
    }

    /// Starts `serve` with `arguments` and waits for its first line on standard output (standard
    /// error is discarded). With `openFileLimit`, through `bash -c 'ulimit -n N; exec serve …'`, so
    /// the process cannot raise its descriptor limit past N. `environment` is added to this
    /// process's own.
    public static func launch(_ arguments: [String], openFileLimit: Int? = nil,
                              environment: [String: String] = [:]) async throws -> Launched {
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let child = if let openFileLimit {
            try ChildProcess(executable: "/bin/bash",
                             arguments: ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", url.path] + arguments,
                             environment: environment, standardOutput: .piped, standardError: .discarded)
        } else {
            try ChildProcess(executable: url.path, arguments: arguments, environment: environment,
                             standardOutput: .piped, standardError: .discarded)
        }
        let output = child.standardOutput!
        return Launched(child: child, output: output, listeningLine: await output.readLine())
    }
}
