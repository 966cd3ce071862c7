import APIRoutes
import CaptureFormats
import Foundation
import Store
import Testing
import TestSupport

/// `serve export` and `serve captures list|show|delete` as a user runs them: the built
/// executable on a database file, its output and exit status.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct CaptureCommandsTests {
    static let captures = """
        [{"request": {"method": "GET", "url": "/app/templates?page=1&token=s3cr3t", "headers": {"Authorization": "Bearer s3cr3t"}},
          "response": {"status": 200, "headers": {"ETag": "\\"e1\\""}, "body": {"code": 200, "data": [1.50]}}},
         {"request": {"method": "POST", "url": "/app/user/login", "headers": {"Content-Type": "application/json"},
                      "body": {"email": "a@b.c", "password": "s3cr3t"}},
          "response": {"status": 200, "headers": {"Set-Cookie": "sid=s3cr3t; Path=/"}, "body": {"code": 200}}},
         {"request": {"method": "GET", "url": "/mbfun_server/index.php?m=Home&a=get"},
          "response": {"status": 404, "body": "missing"}}]
        """

    let directory: TemporaryDirectory
    let database: String

    init() async throws {
        directory = try TemporaryDirectory("capture-cmd")
        database = directory.path("source.sqlite")
        let file = directory.path("captures.json")
        try Data(Self.captures.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try await ServeBinary.run(["import", file, "--db", database, "--no-seeds"])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func exportThenImportGivesTheSameCapturesWithSecretsMasked() async throws {
        let har = directory.path("out.har")
        let exported = try await ServeBinary.run(["export", "--db", database, "-o", har, "--origin", "http://api.maka.im"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!text.contains("s3cr3t"), "\(text)")
        #expect(text.contains("Bearer [masked]"))

        let copy = directory.path("copy.sqlite")
        let imported = try await ServeBinary.run(["import", har, "--db", copy, "--no-seeds"])
        #expect(imported.stdout.contains("\nimported 1 file: 3 records read, 3 new, 0 unchanged"), "\(imported.stdout)\(imported.stderr)")
        let original = try StoreBootstrap(databasePath: database).captures.records()
        let copied = try StoreBootstrap(databasePath: copy).captures.records()
        #expect(copied.map(\.record.method) == original.map(\.record.method))
        #expect(copied.map(\.record.status) == original.map(\.record.status))
        #expect(copied.map(\.record.responseBody) == original.map(\.record.responseBody))
        #expect(copied.map(\.record.responseContentType) == original.map(\.record.responseContentType))
        #expect(copied.map { CaptureURL($0.record.url).path } == original.map { CaptureURL($0.record.url).path })
        #expect(copied[2].record.url == "http://api.maka.im/mbfun_server/index.php?m=Home&a=get")

        let kept = try await ServeBinary.run(["export", "--db", database, "--keep-secrets", "--method", "post"])
        #expect(kept.stdout.contains("s3cr3t"), "--keep-secrets, to standard output")
        #expect(kept.stdout.contains("/app/user/login") && !kept.stdout.contains("/app/templates"), "filtered by method")
    }

    @Test func listShowAndDelete() async throws {
        let list = try await ServeBinary.run(["captures", "list", "--db", database])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("3\tGET /mbfun_server/index.php?m=Home&a=get\t404\t7B\t") == true, "\(list.stdout)")
        #expect(lines.contains { $0.hasPrefix("1\tGET /app/templates?page=1&token=%5Bmasked%5D\t200\t") })
        #expect(lines.last == "3 of 3 captures")
        let filtered = try await ServeBinary.run(["captures", "list", "--db", database, "--path-prefix", "/app", "--json"])
        #expect(filtered.stdout.hasPrefix(#"{"total":2,"captures":[{"id":2,"method":"POST""#), "\(filtered.stdout)")

        let show = try await ServeBinary.run(["captures", "show", "2", "--db", database])
        #expect(show.status == 0)
        #expect(show.stdout.contains(#"\"password\":\"[masked]\""#), "\(show.stdout)")
        let clear = try await ServeBinary.run(["captures", "show", "2", "--keep-secrets", "--db", database])
        #expect(clear.stdout.contains("sid=s3cr3t"))
        #expect(show.stdout.contains(#""sid=[masked]; Path=/""#))
        let missing = try await ServeBinary.run(["captures", "show", "9", "--db", database])
        #expect(missing.status == 1)
        #expect(missing.stderr == "no capture 9\n")

        let refused = try await ServeBinary.run(["captures", "delete", "--db", database])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("give capture ids, filters, or --all (one of them)"))
        let byFilter = try await ServeBinary.run(["captures", "delete", "--status", "404", "--db", database])
        #expect(byFilter.stdout == "deleted 1 capture\n")
        let byID = try await ServeBinary.run(["captures", "delete", "1", "7", "--db", database])
        #expect(byID.status == 1)
        #expect(byID.stdout == "deleted 1 capture\n")
        #expect(byID.stderr == "1 of the ids given were not stored\n")
        #expect(try StoreBootstrap(databasePath: database).captures.count() == 1)
        let all = try await ServeBinary.run(["captures", "delete", "--all", "--db", database])
        #expect(all.stdout == "deleted 1 capture\n")
    }
}
