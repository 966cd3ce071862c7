import APIRoutes
import Foundation
import Store
import Testing
import TestSupport

/// `serve`, the built binary, started on a database the previous version wrote with Youfan
/// items in the old shapes: it exits non-zero, says to start with `--reset`, and leaves the file
/// byte for byte as it was.
@Suite struct YoufanOldSchemaServeTests {
    /// Every area's migrations as the version before the wire shapes ran them.
    static let previousVersionMigrations = CaptureRepository.migrations + MakaSchema.migrations
        + Array(YoufanSchema.migrations.prefix { $0.name != "youfan.008-wire-shapes" }) + JournalRepository.migrations

    @Test(.timeLimit(.minutes(1)))
    func refusesWithAMessageThatSaysResetAndLeavesTheFileAlone() async throws {
        #expect(ServeBinary.isBuilt, "serve must be built next to the tests")
        let directory = try TemporaryDirectory("youfan-old-schema")
        let path = directory.path("old.sqlite")
        try await DedicatedThread.run { () throws in
            let old = try Database(path: path, migrations: Self.previousVersionMigrations)
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO youfan_specials (info_id, tab_id, recency, item)
                    VALUES ('5001', '11', 5001, '{"info_id":"5001","tab_id":"11","title":"早春通勤穿搭"}')
                    """)
                try connection.execute("INSERT INTO youfan_products (code, item) VALUES ('160300001', '{\"status\":\"1\"}')")
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let outcome = try await ServeBinary.run(["--db", path, "--port", "0", "--quiet"])
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("--reset"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("youfan.008-wire-shapes"))
        #expect(!outcome.stdout.contains("listening"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        directory.remove()
    }
}
