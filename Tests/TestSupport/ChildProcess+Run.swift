import Foundation

extension ChildProcess {
    /// What a child that ran to its end printed, and how it ended.
    public struct Outcome: Sendable {
        public var termination: Termination
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable` to its end with its standard output and error piped and both drained
    /// while it runs (a child blocked on a full pipe would never end); standard input is
    /// `/dev/null`. The arguments are those of `init`. Cancelling the awaiting task kills the child.
    public static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                           workingDirectory: String? = nil) async throws -> Outcome {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                     workingDirectory: workingDirectory, standardOutput: .piped, standardError: .piped)
        return try await withTaskCancellationHandler {
            async let output = child.standardOutput!.readToEnd()
            async let error = child.standardError!.readToEnd()
            let termination = try await child.termination()
            return Outcome(termination: termination, standardOutput: String(decoding: await output, as: UTF8.self),
                           standardError: String(decoding: await error, as: UTF8.self))
        } onCancel: {
            child.kill()
        }
    }
}
