import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `posix_spawn` call for `ChildProcess`: the pipes it needs, the file actions that give the
/// child its three standard streams and close everything else, and the attributes that give it
/// an empty signal mask and default signal dispositions.
struct SpawnPlan {
    /// Why a child could not be started.
    struct Failure: Error, CustomStringConvertible {
        var step: String
        var code: Int32
        var description: String { "\(step): \(String(cString: strerror(code)))" }
    }

    /// What the spawn gave: the child's id and, per standard stream, this process's end of its pipe.
    struct Spawned {
        var id: pid_t
        var parentEnds: [Int32?]
    }

    var executable: String
    var argv: [String]
    var environment: [String]
    var workingDirectory: String?
    /// Standard input, output and error, in that order.
    var streams: [ChildProcess.Stream]

    func spawn() throws -> Spawned {
        var pipes: [(parent: Int32, child: Int32)?] = []
        defer { for pipe in pipes.compactMap({ $0 }) { close(pipe.child) } }
        do {
            for (number, stream) in streams.enumerated() {
                pipes.append(try stream == .piped ? Self.pipe(childReads: number == STDIN_FILENO) : nil)
            }
            let id = try withFileActions(childEnds: pipes.map { $0?.child }) { actions in
                try Self.withAttributes { attributes in try run(actions, attributes) }
            }
            return Spawned(id: id, parentEnds: pipes.map { $0?.parent })
        } catch {
            for pipe in pipes.compactMap({ $0 }) { close(pipe.parent) }
            throw error
        }
    }

    private func run(_ actions: UnsafePointer<SpawnPlatform.FileActions>, _ attributes: UnsafePointer<SpawnPlatform.Attributes>) throws -> pid_t {
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var id: pid_t = 0
        let code = posix_spawn(&id, executable, actions, attributes, cArguments, cEnvironment)
        guard code == 0 else { throw Failure(step: "posix_spawn \(executable)", code: code) }
        return id
    }

    /// A close-on-exec pipe; `childReads` says which end the child gets.
    private static func pipe(childReads: Bool) throws -> (parent: Int32, child: Int32) {
        var ends: [Int32] = [-1, -1]
        guard SpawnPlatform.closeOnExecPipe(&ends) == 0 else { throw Failure(step: "pipe", code: errno) }
        return childReads ? (parent: ends[1], child: ends[0]) : (parent: ends[0], child: ends[1])
    }

    /// The streams as asked, the working directory, and every other descriptor closed: the
    /// pipes of other children being started concurrently are close-on-exec already, but a
    /// socket a test opened without that flag would otherwise stay open in the child.
    private func withFileActions<T>(childEnds: [Int32?], _ body: (UnsafePointer<SpawnPlatform.FileActions>) throws -> T) throws -> T {
        var actions = SpawnPlatform.emptyFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in streams.enumerated() {
            let target = Int32(number)
            let code: Int32 = switch stream {
            case .inherited: SpawnPlatform.keep(&actions, target)
            case .discarded: posix_spawn_file_actions_addopen(&actions, target, "/dev/null",
                                                               target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .piped: posix_spawn_file_actions_adddup2(&actions, childEnds[number]!, target)
            }
            guard code == 0 else { throw Failure(step: "file action for descriptor \(target)", code: code) }
        }
        if let workingDirectory {
            let code = SpawnPlatform.changeDirectory(&actions, workingDirectory)
            guard code == 0 else { throw Failure(step: "working directory \(workingDirectory)", code: code) }
        }
        let code = SpawnPlatform.closeOthers(&actions)
        guard code == 0 else { throw Failure(step: "closing inherited descriptors", code: code) }
        return try withUnsafePointer(to: &actions) { try body($0) }
    }

    private static func withAttributes<T>(_ body: (UnsafePointer<SpawnPlatform.Attributes>) throws -> T) throws -> T {
        var attributes = SpawnPlatform.emptyAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        let flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | SpawnPlatform.extraFlags
        for code in [posix_spawnattr_setsigmask(&attributes, &noSignals),
                     posix_spawnattr_setsigdefault(&attributes, &everySignal),
                     posix_spawnattr_setflags(&attributes, flags)] where code != 0 {
            throw Failure(step: "spawn attributes", code: code)
        }
        return try withUnsafePointer(to: &attributes) { try body($0) }
    }
}
