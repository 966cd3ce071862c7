#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `SpawnPlan` does differently per C library. Linux closes every inherited descriptor past
/// the standard three with `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34) and changes
/// directory with `posix_spawn_file_actions_addchdir_np` (glibc 2.29); Swift's Glibc module
/// does not declare these GNU extensions, so they are looked up in the running C library, as is
/// `pipe2`, which makes a pipe close-on-exec from the start.
/// Darwin closes them with `POSIX_SPAWN_CLOEXEC_DEFAULT` and names the inherited ones.
enum SpawnPlatform {
    #if canImport(Darwin)
    typealias FileActions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?

    static let extraFlags = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)

    static func emptyFileActions() -> FileActions { nil }

    static func emptyAttributes() -> Attributes { nil }

    /// An inherited standard stream must be named, or `POSIX_SPAWN_CLOEXEC_DEFAULT` closes it.
    static func keep(_ actions: inout FileActions, _ fd: Int32) -> Int32 {
        posix_spawn_file_actions_addinherit_np(&actions, fd)
    }

    static func changeDirectory(_ actions: inout FileActions, _ path: String) -> Int32 {
        posix_spawn_file_actions_addchdir_np(&actions, path)
    }

    static func closeOthers(_ actions: inout FileActions) -> Int32 { 0 }

    /// Another thread's spawn between `pipe` and `fcntl` is harmless here: the flag
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` closes the pipe in that child anyway.
    static func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 { pipeThenCloseOnExec(&ends) }
    #else
    typealias FileActions = posix_spawn_file_actions_t
    typealias Attributes = posix_spawnattr_t

    static let extraFlags: Int16 = 0

    static func emptyFileActions() -> FileActions { FileActions() }

    static func emptyAttributes() -> Attributes { Attributes() }

    /// Descriptors 0 to 2 survive `closeOthers`: nothing to do.
    static func keep(_ actions: inout FileActions, _ fd: Int32) -> Int32 { 0 }

    /// ENOSYS from a C library without `posix_spawn_file_actions_addchdir_np`.
    static func changeDirectory(_ actions: inout FileActions, _ path: String) -> Int32 {
        typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32
        guard let add = function("posix_spawn_file_actions_addchdir_np", as: AddChangeDirectory.self) else { return ENOSYS }
        return add(&actions, path)
    }

    /// Without `posix_spawn_file_actions_addclosefrom_np` (glibc before 2.34, musl), only the
    /// descriptors opened without close-on-exec leak into the child.
    static func closeOthers(_ actions: inout FileActions) -> Int32 {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<FileActions>, Int32) -> Int32
        guard let add = function("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self) else { return 0 }
        return add(&actions, STDERR_FILENO + 1)
    }

    /// Without `pipe2`, only another thread's spawn between `pipe` and `fcntl` without
    /// `closeOthers` would pass the pipe on.
    static func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let pipe2 = function("pipe2", as: Pipe2.self) else { return pipeThenCloseOnExec(&ends) }
        return pipe2(&ends, O_CLOEXEC)
    }

    /// A function of the running C library, or nil when it has none by that name.
    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let library = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(library) }
        return dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }
    #endif

    private static func pipeThenCloseOnExec(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }
}
