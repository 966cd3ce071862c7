import Foundation

/// The built `serve` executable next to the test bundle, run as a user runs it.
public enum ServeBinary {
    /// What one finished run printed and how it exited.
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `.build/<config>/serve`, beside the test binary.
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("serve")
    }

    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// Runs `serve` with `arguments` to its end; both output streams are drained while it runs.
    /// `environment` is added to this process's own. A `serve` ended by a signal has the status
    /// a shell reports, 128 plus the signal number.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        let outcome = try await ChildProcess.run(url.path, arguments,
                                                 environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return Outcome(status: outcome.termination.status, stdout: outcome.standardOutput, stderr: outcome.standardError)
    }
}
