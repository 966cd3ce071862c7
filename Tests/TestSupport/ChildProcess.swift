import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests start over `posix_spawn`, in place of Foundation's `Process`: on Linux,
/// `Process.run()` can crash the whole test process, over-reading `/proc/self/fd` entries while
/// it looks for descriptors to close (swift-corelibs-foundation pull request 5472).
///
/// The child starts with an empty signal mask and default signal dispositions, and inherits
/// nothing but its three standard streams. Its exit is awaited on a thread of its own, never
/// on Swift's cooperative pool. Released while still running, it is killed (SIGKILL).
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// This process's own stream.
        case inherited
        /// `/dev/null`.
        case discarded
        /// A pipe whose other end this process holds (`standardInput`, `standardOutput`, `standardError`).
        case piped
    }

    /// The child's process id.
    public let id: pid_t
    /// The writing end of the child's standard input, when it was `.piped`.
    public let standardInput: ChildInput?
    /// The reading end of the child's standard output, when it was `.piped`.
    public let standardOutput: ChildOutput?
    /// The reading end of the child's standard error, when it was `.piped`.
    public let standardError: ChildOutput?
    private let reaper: ChildReaper

    /// Starts `executable` (a path; no `PATH` search) with `arguments` after its own path as
    /// `argv[0]`. `environment` nil passes this process's environment on; `workingDirectory`
    /// nil keeps this process's.
    public init(executable: String, arguments: [String] = [], environment: [String: String]? = nil,
                workingDirectory: String? = nil, standardInput: Stream = .discarded,
                standardOutput: Stream = .inherited, standardError: Stream = .inherited) throws {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let plan = SpawnPlan(executable: executable, argv: [executable] + arguments,
                             environment: environment.map { "\($0.key)=\($0.value)" },
                             workingDirectory: workingDirectory,
                             streams: [standardInput, standardOutput, standardError])
        let spawned = try plan.spawn()
        id = spawned.id
        self.standardInput = spawned.parentEnds[0].map(ChildInput.init(fd:))
        self.standardOutput = spawned.parentEnds[1].map(ChildOutput.init(fd:))
        self.standardError = spawned.parentEnds[2].map(ChildOutput.init(fd:))
        reaper = ChildReaper(id: spawned.id)
    }

    deinit { reaper.send(signal: SIGKILL) }

    /// Sends `signal` unless the child has already ended and been reaped (its id may be reused).
    public func send(signal: Int32) { reaper.send(signal: signal) }

    /// SIGTERM.
    public func terminate() { send(signal: SIGTERM) }

    /// SIGINT.
    public func interrupt() { send(signal: SIGINT) }

    /// SIGKILL.
    public func kill() { send(signal: SIGKILL) }

    /// How the child ended, once it has; throws `CancellationError` when the awaiting task is
    /// cancelled first.
    public func termination() async throws -> Termination { try await reaper.termination() }

    /// How the child ended, or nil when it is still running after `limit`.
    public func termination(within limit: Duration) async -> Termination? {
        await withTaskGroup(of: Termination?.self) { group in
            group.addTask { try? await self.termination() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
