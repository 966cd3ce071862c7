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

    /// Runs `serve` with `arguments` to its end; both output streams are drained on threads of
    /// their own while it runs. `environment` is added to this process's own.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = url
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        async let out = DedicatedThread.run { stdout.fileHandleForReading.readDataToEndOfFile() }
        async let err = DedicatedThread.run { stderr.fileHandleForReading.readDataToEndOfFile() }
        let status = try await process.runToExit()
        return Outcome(status: status, stdout: String(decoding: await out, as: UTF8.self),
                       stderr: String(decoding: await err, as: UTF8.self))
    }
}
