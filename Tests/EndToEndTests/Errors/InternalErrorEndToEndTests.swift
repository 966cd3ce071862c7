import APIRoutes
import HTTPServer
import Store
import Testing
import TestSupport

/// A store that fails under a running server (a table dropped from the real SQLite file) is a
/// 500 in the envelope of the path's API whose body names only a request id; the detail goes
/// to the log under that id; and the server keeps serving.
@Suite struct InternalErrorEndToEndTests {
    let directory: TemporaryDirectory
    let log = LogLines()
    let server: AssembledServer
    var database: Database { server.database }

    init() async throws {
        directory = try TemporaryDirectory("internal-errors")
        let lines = log
        server = try await AssembledServer.start(MockServerConfiguration(
            databasePath: directory.path("mock.sqlite"), passwordHasher: MakaTestServer.hasher,
            log: { lines.append($0) }))
    }

    private func get(_ target: String) async throws -> MakaReply {
        try await MakaClient.send(baseURL: server.baseURL, "GET", target)
    }

    private func drop(_ table: String) throws {
        try database.write { try $0.execute("DROP TABLE \(table)") }
    }

    /// The request id in `message`, after checking it is the fixed public text.
    private func requestID(in message: String) throws -> Int {
        let prefix = "internal error, see the server log (request id "
        #expect(message.hasPrefix(prefix) && message.hasSuffix(")"), "\(message)")
        return try #require(Int(message.dropFirst(prefix.count).dropLast()))
    }

    /// Nothing internal in an answer: no SQL, no SQLite text, no Swift type names.
    private func expectNothingInternal(_ reply: MakaReply) {
        for leak in ["SELECT", "FROM", "no such table", "SQLITE", "StoreError", "Error(", "maka_", "youfan_", "captures", "journal"] {
            #expect(!reply.text.contains(leak), "\(reply.text) contains \(leak)")
        }
    }

    /// The log line for `id` exists and carries the real cause.
    private func expectLogged(id: Int, path: String, cause: String) {
        let all = log.lines
        let lines = all.filter { $0.hasPrefix("request id \(id): GET \(path) failed: ") }
        #expect(lines.count == 1, "\(all)")
        #expect(lines.first?.contains(cause) == true, "\(lines)")
    }

    /// `GET path` is a 500 in the plain envelope, logged under its id with the missing table.
    private func expectPlain500(at path: String) async throws {
        let failed = try await get(path)
        #expect(failed.status == 500)
        expectNothingInternal(failed)
        #expect(failed.json["error"]?["status"] == 500)
        let message = try #require(failed.json["error"]?["message"]?.stringValue)
        expectLogged(id: try requestID(in: message), path: path, cause: "no such table")
    }

    @Test func makaReadOnADroppedTableIsA500InTheMakaEnvelope() async throws {
        #expect(try await get("/app/tagCategories").status == 200)
        try drop("maka_tag_categories")

        let failed = try await get("/app/tagCategories")
        #expect(failed.status == 500)
        #expect(failed.code == 500)
        #expect(failed.json["data"] == .null)
        expectNothingInternal(failed)
        expectLogged(id: try requestID(in: failed.message), path: "/app/tagCategories", cause: "no such table")

        #expect(try await get("/app/specialCategories").status == 200)
    }

    @Test func youfanReadOnADroppedTableIsA500InTheYoufanEnvelope() async throws {
        let target = "/mbfun_server/index.php?m=Home&a=getAppHotLayout&cid=1"
        #expect(try await get(target).json["status"] == -100)   // nothing stored yet: a business failure
        try drop("youfan_hot_layouts")

        let failed = try await get(target)
        #expect(failed.status == 500)
        #expect(failed.json["status"] == 0)
        expectNothingInternal(failed)
        let info = try #require(failed.json["info"]?.stringValue)
        expectLogged(id: try requestID(in: info), path: "/mbfun_server/index.php", cause: "no such table")

        #expect(try await get("/app/tagCategories").status == 200)
    }

    @Test func aCorruptStoredYoufanItemIsA500NotANotFound() async throws {
        try database.write {
            try $0.execute("INSERT INTO youfan_collocations (info_id, user_type, recency, item) VALUES ('77', '1', 1, '{\"id\":')")
        }
        let target = "/mbfun_server/index.php?m=Collocation&a=getCollocationDetailsV2&cid=77"
        let failed = try await get(target)
        #expect(failed.status == 500)
        #expect(failed.json["status"] == 0)
        expectNothingInternal(failed)
        let info = try #require(failed.json["info"]?.stringValue)
        expectLogged(id: try requestID(in: info), path: "/mbfun_server/index.php", cause: "unexpected end of input")
    }

    @Test func captureLookupOnADroppedTableIsA500NotA404() async throws {
        #expect(try await get("/never/captured").status == 404)
        try drop("captures")

        try await expectPlain500(at: "/never/captured")

        #expect(try await get("/app/tagCategories").status == 200)
    }

    @Test func adminReadOnADroppedTableIsA500InThePlainEnvelope() async throws {
        #expect(try await get("/__admin/requests/count").status == 200)
        try drop("journal_batches")

        try await expectPlain500(at: "/__admin/requests/count")

        #expect(try await get("/__admin/health").status == 200)
        #expect(try await get("/__admin/requests?limit=x").status == 400)
    }

    @Test func eachFailureGetsItsOwnID() async throws {
        try drop("maka_tag_categories")
        let first = try requestID(in: try await get("/app/tagCategories").message)
        let second = try requestID(in: try await get("/app/tagCategories").message)
        #expect(first != second)
    }
}
