import Foundation
import Testing
import TestSupport

/// `swift test` fails, as `.ci/run` does, when a source would not build on macOS: the check
/// (with its own self-test on known-good and known-bad sources) must pass on this tree.
@Suite struct PortabilityCheckTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") }

    @Test(.enabled(if: hasPython, "the check is a python3 script")) func everyPlatformImportIsGuarded() async throws {
        let check = try await ChildProcess.run("/usr/bin/python3",
                                               [Self.packageRoot.appendingPathComponent(".ci/portability.py").path, "--self-test"])
        #expect(check.termination == .exited(0), "\(check.standardOutput)\(check.standardError)")
    }
}
