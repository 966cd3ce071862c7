import Foundation
import Testing
import TestSupport

/// `serve import` as a user runs it: the built executable, its output and exit status.
@Suite struct ImportCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("import-cmd")
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: ServeBinary.isBuilt))
    func importPrintsASummaryAndRefusesMalformedFilesWithExitStatus1() async throws {
        let db = directory.path("cli.sqlite")
        let good = try write("good.json", #"[{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":{"a":1}}},{"request":{"method":"GET","url":"/b"},"response":{"status":201,"body":"b"}}]"#)
        let bad = try write("bad.har", #"{"log":{"entries":[{"request":{"method":"GET","url":"/c"},"response":{"status":200}},{"request":{"method":"GET","url":"/d"},"response":{"status":999}}]}}"#)

        let refused = try await ServeBinary.run(["import", good, bad, "--db", db, "--no-seeds"])
        #expect(refused.status == 1)
        #expect(refused.stdout == "seeds: none (--no-seeds); this database will never be seeded\n")
        #expect(refused.stderr.contains("import failed, none of these files written (the seeds line above stands): \(bad): entry 1: response.status 999 is not an HTTP status (100–599)"))

        let imported = try await ServeBinary.run(["import", good, "--db", db])
        #expect(imported.status == 0)
        #expect(imported.stdout == "imported 1 file: 2 records read, 2 new, 0 unchanged, 0 routed into tables\n")

        let again = try await ServeBinary.run(["import", good, "--db", db])
        #expect(again.stdout == "imported 1 file: 2 records read, 0 new, 2 unchanged, 0 routed into tables\n")

        let missing = try await ServeBinary.run(["import", directory.path("nope.har"), "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.har: no such file or directory"))
    }
}
