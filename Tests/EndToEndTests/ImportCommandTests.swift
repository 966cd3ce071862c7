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
        let good = try write("good.json", #"""
            [{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":{"a":1}}},
             {"request":{"method":"GET","url":"/b"},"response":{"status":201,"body":"b"}},
             {"request":{"method":"GET","url":"/app/tagCategories"},"response":{"status":200,"body":{"code":200,"msg":"ok","data":[{"id":3,"name":"婚礼"}]}}},
             {"request":{"method":"GET","url":"/app/template/T_AAAAAAAA"},"response":{"status":200,"body":{"code":200,"msg":"ok","data":{"title":"无id"}}}}]
            """#)
        let bad = try write("bad.har", #"{"log":{"entries":[{"request":{"method":"GET","url":"/c"},"response":{"status":200}},{"request":{"method":"GET","url":"/d"},"response":{"status":999}}]}}"#)

        let refused = try await ServeBinary.run(["import", good, bad, "--db", db, "--no-seeds"])
        #expect(refused.status == 1)
        #expect(refused.stdout == "seeds: none (--no-seeds); this database will never be seeded\n")
        #expect(refused.stderr.contains("import failed, none of these files written (the seeds line above stands): \(bad): entry 1: response.status 999 is not an HTTP status (100–599)"))

        let imported = try await ServeBinary.run(["import", good, "--db", db])
        #expect(imported.status == 0)
        #expect(imported.stdout == """
            imported 1 file: 4 records read, 4 new, 0 unchanged, 1 routed into tables, 3 replay-only
              maka_tag_categories: 1 record
              refused 1 record: app/template/{id}: the answer has no T_ template id and title

            """)

        let again = try await ServeBinary.run(["import", good, "--db", db])
        #expect(again.stdout == "imported 1 file: 4 records read, 0 new, 4 unchanged, 0 routed into tables, 0 replay-only\n")

        let missing = try await ServeBinary.run(["import", directory.path("nope.har"), "--db", db])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.har: no such file or directory"))
    }
}
