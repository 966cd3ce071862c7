import Foundation
import Testing

/// `serve import` as a user runs it: the built executable, its output and exit status.
@Suite struct ImportCommandTests {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("import-cmd")
    }

    private var serveBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("serve")
    }

    private func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = serveBinary
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self))
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: URL(fileURLWithPath: CommandLine.arguments[0])
        .resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("serve").path)))
    func importPrintsASummaryAndRefusesMalformedFilesWithExitStatus1() throws {
        let db = directory.path("cli.sqlite")
        let good = try write("good.json", #"[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":{"a":1}}},{"request":{"method":"GET","url":"/b"},"response":{"status":201,"body":"b"}}]"#)
        let bad = try write("bad.har", #"{"log":{"entries":[{"request":{"method":"GET","url":"/c"},"response":{"status":200}},{"request":{"method":"GET","url":"/d"},"response":{"status":999}}]}}"#)

        let refused = try run(["import", good, bad, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("import failed, nothing written: \(bad): entry 1: response.status 999 is not an HTTP status (100–599)"))

        let imported = try run(["import", good, "--db", db])
        #expect(imported.status == 0)
        #expect(imported.stdout == "imported 1 file: 2 records read, 2 new, 0 unchanged, 0 routed into tables\n")

        let again = try run(["import", good, "--db", db])
        #expect(again.stdout == "imported 1 file: 2 records read, 0 new, 2 unchanged, 0 routed into tables\n")

        let missing = try run(["import", directory.path("nope.har"), "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.har: no such file or directory"))
    }
}
