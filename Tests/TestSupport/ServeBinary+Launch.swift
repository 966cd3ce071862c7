import Foundation

extension ServeBinary {
    /// A `serve` process started by `launch(_:)`: its listening line, and its exit to await.
    /// Released while still running, it is terminated.
    public final class Launched: Sendable {
        public let listeningLine: String
        /// The port from the listening line; -1 when the line has none.
        public let port: Int
        private let process: Process
        private let output: FileHandle
        private let exits: AsyncStream<Int32>

        init(process: Process, output: FileHandle, exits: AsyncStream<Int32>, listeningLine: String) {
            self.process = process
            self.output = output
            self.exits = exits
            self.listeningLine = listeningLine
            // The last `:PORT` of the line, text (`listening on http://[::1]:PORT`) or JSON (`"url":"http://…:PORT"}`).
            port = listeningLine.matches(of: /:(\d+)/).last.flatMap { Int($0.output.1) } ?? -1
        }

        deinit { if process.isRunning { process.terminate() } }

        /// Sends `signal` (SIGTERM, SIGINT …) to the process, at once or after `delay` on a Dispatch
        /// timer, which fires on time even while the cooperative pool is busy with other tests.
        public func send(signal: Int32, after delay: Duration = .zero) {
            let pid = process.processIdentifier
            guard delay > .zero else {
                kill(pid, signal)
                return
            }
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { kill(pid, signal) }
        }

        /// The exit status, or nil when the process is still running after `limit`.
        public func exitStatus(within limit: Duration = .seconds(10)) async -> Int32? {
            let exits = self.exits
            return await withTaskGroup(of: Int32?.self) { group in
                group.addTask { await exits.first { _ in true } }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }

        /// The next line the process writes to standard output (without its newline); empty at the end.
        public func nextLine() async -> String {
            let output = self.output
            return await DedicatedThread.run { ServeBinary.readLine(from: output) }
        }

        /// Everything the process wrote to standard output after the listening line, once it has exited.
        public func remainingOutput() async -> String {
            let output = self.output
            return String(decoding: await DedicatedThread.run { output.readDataToEndOfFile() }, as: UTF8.self)
        }
    }

    /// Starts `serve` with `arguments` and waits for its first line on standard output (standard
    /// error is discarded). With `openFileLimit`, through `bash -c 'ulimit -n N; exec serve …'`, so
    /// the process cannot raise its descriptor limit past N. `environment` is added to this
    /// process's own.
    public static func launch(_ arguments: [String], openFileLimit: Int? = nil,
                              environment: [String: String] = [:]) async throws -> Launched {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        let exits = process.exitStatusStream()
        try process.run()
        let output = pipe.fileHandleForReading
        let line = await DedicatedThread.run { readLine(from: output) }
        return Launched(process: process, output: output, exits: exits, listeningLine: line)
    }

    /// One line, read a byte at a time so nothing after it is consumed.
    static func readLine(from output: FileHandle) -> String {
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n"), let byte = output.readData(ofLength: 1).first { line.append(byte) }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
