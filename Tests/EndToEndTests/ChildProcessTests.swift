import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ChildProcess`, the `posix_spawn` launcher every test starts a program with: exit codes,
/// signals, the streams, a clean signal state, nothing inherited past the standard three, and
/// a child its test let go of killed.
@Suite struct ChildProcessTests {
    static let hasProc = FileManager.default.fileExists(atPath: "/proc/self/status")

    @Test func exitCodesArriveAsTheChildGaveThem() async throws {
        for code: Int32 in [0, 3, 255] {
            let outcome = try await ChildProcess.run("/bin/sh", ["-c", "exit \(code)"])
            #expect(outcome.termination == .exited(code))
            #expect(outcome.termination.status == code)
        }
    }

    @Test func terminateInterruptAndKillEndTheChildWithTheirSignal() async throws {
        let ends: [(Int32, (ChildProcess) -> Void)] = [(SIGTERM, { $0.terminate() }), (SIGINT, { $0.interrupt() }),
                                                       (SIGKILL, { $0.kill() }), (SIGUSR1, { $0.send(signal: SIGUSR1) })]
        for (signal, end) in ends {
            let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
            end(child)
            let termination = try await child.termination()
            #expect(termination == .signalled(signal))
            #expect(termination.status == 128 + signal)
            child.kill()   // once reaped: nothing is sent, the id may be another process's by now
            #expect(try await child.termination() == .signalled(signal), "every await gets the same end")
        }
    }

    @Test func standardOutputAndErrorAreCapturedApart() async throws {
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", "printf 'out 有范'; printf err >&2; exit 4"])
        #expect(outcome.standardOutput == "out 有范")
        #expect(outcome.standardError == "err")
        #expect(outcome.termination == .exited(4))
    }

    /// Far more than a pipe holds on both streams: a launcher that drained one after the other
    /// would never see the child end.
    @Test func outputLargerThanAPipeOnBothStreamsIsDrained() async throws {
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", """
            head -c 300000 /dev/zero | tr '\\0' a; head -c 300000 /dev/zero | tr '\\0' b >&2
            """])
        #expect(outcome.standardOutput == String(repeating: "a", count: 300_000))
        #expect(outcome.standardError == String(repeating: "b", count: 300_000))
    }

    @Test func standardInputIsAPipeTheTestWritesAndCloses() async throws {
        let child = try ChildProcess(executable: "/bin/cat", standardInput: .piped, standardOutput: .piped)
        let input = try #require(child.standardInput)
        try await input.write(Array("first line\nsecond".utf8))
        input.close()
        let output = try #require(child.standardOutput)
        #expect(await output.readLine() == "first line")
        #expect(await output.readToEnd() == Data("second".utf8))
        #expect(try await child.termination() == .exited(0))
        await #expect(throws: POSIXError.self, "closed") { try await input.write([1]) }
    }

    @Test func discardedStreamsAreDevNull() async throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "cat; printf gone; printf gone >&2"],
                                     standardOutput: .discarded, standardError: .discarded)
        #expect(try await child.termination() == .exited(0), "cat reads the end of /dev/null at once")
        #expect(child.standardInput == nil && child.standardOutput == nil && child.standardError == nil)
    }

    @Test func theEnvironmentIsExactlyTheOneGivenAndTheDirectoryIsChanged() async throws {
        let directory = try TemporaryDirectory("child-process")
        let outcome = try await ChildProcess.run("/bin/pwd", ["-P"], workingDirectory: directory.url.path)
        #expect(outcome.termination == .exited(0), "\(outcome.standardError)")
        let resolved = try #require(realpath(directory.url.path, nil))
        defer { free(resolved) }
        #expect(outcome.standardOutput == String(cString: resolved) + "\n")
        let environment = try await ChildProcess.run("/usr/bin/env", environment: ["ONLY": "这个"])
        #expect(environment.standardOutput == "ONLY=这个\n")
    }

    @Test func aProgramThatCannotStartThrowsAndLeavesNoChild() async throws {
        let error = #expect(throws: (any Error).self) {
            try ChildProcess(executable: "/nonexistent/program", standardOutput: .piped)
        }
        #expect("\(error.map { "\($0)" } ?? "")" == "posix_spawn /nonexistent/program: No such file or directory")
        await #expect(throws: (any Error).self, "a working directory that does not exist") {
            try await ChildProcess.run("/bin/sh", ["-c", "true"], workingDirectory: "/nonexistent/directory")
        }
    }

    /// The spawning thread blocks a signal and this process ignores another: the child has
    /// neither blocked nor ignored (bits of `SigBlk` and `SigIgn` in /proc/self/status).
    @Test(.enabled(if: hasProc, "reads /proc/self/status")) func theChildStartsWithACleanSignalState() async throws {
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let child = try await DedicatedThread.run {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGUSR1)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            return try ChildProcess(executable: "/bin/grep", arguments: ["-E", "^Sig(Blk|Ign)", "/proc/self/status"],
                                    standardOutput: .piped)
        }
        let output = try #require(child.standardOutput)
        let status = await output.readToEnd()
        let masks = String(decoding: status, as: UTF8.self).split(separator: "\n")
            .map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        try #require(masks.count == 2, "\(masks)")
        #expect(masks[0] == 0, "blocked")
        // glibc's posix_spawn leaves its own two signals (32 and 33, below SIGRTMIN) ignored.
        let glibcReserved: UInt64 = 1 << 31 | 1 << 32
        #expect(masks[1].map { $0 & ~glibcReserved } == 0, "ignored")
        #expect(try await child.termination() == .exited(0))
    }

    /// A descriptor this process opened without close-on-exec (as some sockets are) is not
    /// passed on; the standard three are.
    @Test(.enabled(if: hasProc, "reads /proc/<pid>/fd")) func onlyTheStandardStreamsAreInherited() async throws {
        let stray = open("/dev/null", O_RDONLY)
        try #require(stray > STDERR_FILENO)
        defer { close(stray) }
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(outcome.standardOutput.split(separator: "\n") == ["0", "1", "2"])
    }

    /// Its test let go of it while it ran: killed, so its end of the pipe closes.
    @Test(.timeLimit(.minutes(1))) func aChildItsTestLetGoOfIsKilled() async throws {
        var child: ChildProcess? = try ChildProcess(executable: "/bin/sleep", arguments: ["600"], standardOutput: .piped)
        let output = try #require(child?.standardOutput)
        child = nil
        #expect(await output.readToEnd().isEmpty, "the end of the stream: sleep is gone")
    }

    /// Sixty-four children at once, with every stream piped, in a test process of its own (this
    /// one's other tests open descriptors meanwhile): as many descriptors open after as before.
    @Test(.enabled(if: hasProc, "re-executes /proc/self/exe")) func concurrentLaunchesLeaveNoDescriptorOpen() async throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment
        environment[ChildProcessDescriptorCount.variable] = "1"
        let outcome = try await ChildProcess.run(executable, ["--testing-library", "swift-testing",
                                                              "--filter", "ChildProcessDescriptorCount"],
                                                 environment: environment)
        #expect(outcome.termination == .exited(0), "\(outcome.standardOutput)\(outcome.standardError)")
        let counts = outcome.standardOutput.firstMatch(of: /descriptors before: (\d+), after: (\d+)/)
        let (before, after) = try #require(counts.map { (Int($0.output.1)!, Int($0.output.2)!) }, "\(outcome.standardOutput)")
        #expect(before > 3)
        #expect(after == before)
    }
}

/// The child side of `concurrentLaunchesLeaveNoDescriptorOpen`: enabled only in the
/// re-executed process.
@Suite struct ChildProcessDescriptorCount {
    static let variable = "CHILD_PROCESS_DESCRIPTOR_COUNT"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[variable] != nil))
    func launchManyAtOnceAndCountDescriptors() async throws {
        let before = try Self.openDescriptors()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    // Half end by themselves, half are killed (`cat` alone: a killed shell's `cat` would live on).
                    let arguments = index.isMultiple(of: 2) ? ["-c", "cat; printf \(index); printf e >&2"] : ["-c", "exec cat"]
                    let child = try ChildProcess(executable: "/bin/sh", arguments: arguments,
                                                 standardInput: .piped, standardOutput: .piped, standardError: .piped)
                    try await child.standardInput?.write(Array("in".utf8))
                    if index.isMultiple(of: 2) { child.standardInput?.close() } else { child.kill() }
                    async let output = child.standardOutput?.readToEnd()
                    async let error = child.standardError?.readToEnd()
                    let termination = try await child.termination()
                    if index.isMultiple(of: 2) {
                        #expect(termination == .exited(0))
                        #expect(await output == Data("in\(index)".utf8))
                        #expect(await error == Data("e".utf8))
                    } else {
                        #expect(termination == .signalled(SIGKILL))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(throws: (any Error).self) { try ChildProcess(executable: "/nonexistent/program", standardOutput: .piped) }
        let after = try Self.openDescriptors()
        print("descriptors before: \(before), after: \(after)")
        #expect(after == before)
    }

    private static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
}
