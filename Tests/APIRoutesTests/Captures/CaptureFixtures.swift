import CaptureFormats
import Foundation
@testable import APIRoutes
import Store

/// A temporary capture database and directory for importer and replayer tests.
final class CaptureFixture {
    let directory: URL
    let database: Database
    let repository: CaptureRepository

    static let mappedTable = Migration("test.001-mapped", sql: "CREATE TABLE mapped (url TEXT NOT NULL)")

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("captures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("db.sqlite").path,
                                migrations: CaptureRepository.migrations + SeedingRecord.migrations + [Self.mappedTable])
        repository = try CaptureRepository(database: database, volatileParameters: YoufanParameters.volatileParameters)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes a file into `dir/` (created as needed) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func captureCount() throws -> Int { try repository.count() }

    func mappedURLs() throws -> [String] {
        try database.read { db in try db.query("SELECT url FROM mapped ORDER BY rowid").map { try $0.string(at: 0) } }
    }

    static let har = #"""
    {"log": {"version": "1.2", "entries": [
      {"request": {"method": "GET", "url": "http://api.ibanggo.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&deviceId=A1",
                   "headers": []},
       "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                    "content": {"mimeType": "text/html", "text": "{\"status\":1,\"info\":\"\",\"data\":[{\"name\":\"太平鸟\"}]}"}},
       "timings": {"wait": 40}},
      {"request": {"method": "GET", "url": "https://img.example.com/logo.png", "headers": []},
       "response": {"status": 200, "headers": [],
                    "content": {"mimeType": "image/png", "encoding": "base64", "text": "iVBORw0KGgo="}}}
    ]}}
    """#

    static let captureJSON = #"""
    [
      {"request": {"method": "GET", "url": "/app/templates?categoryId=3"},
       "response": {"status": 200, "headers": {"Content-Type": "application/json; charset=utf-8"},
                    "body": {"code": 200, "msg": "ok", "data": [{"id": 7, "title": "婚礼邀请"}]}}},
      {"request": {"method": "POST", "url": "/app/user/login", "headers": {"Content-Type": "application/x-www-form-urlencoded"},
                   "body": "email=a%40b.cn&password=x"},
       "response": {"status": 200, "body": {"code": 200, "msg": "ok", "data": {"uid": 1}}}}
    ]
    """#
}

/// Routes captured `/app/templates` responses into the `mapped` table, as a module's mapper would.
/// Captured logins are its own too, but it has no table for them: it refuses them.
struct TemplatesMapper: CaptureMapper {
    func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        try mapping(record, into: connection).isStored
    }

    func mapping(_ record: CaptureRecord, into connection: Connection) throws -> CaptureMapping {
        switch record.request.path {
        case "/app/templates":
            try connection.execute("INSERT INTO mapped (url) VALUES (?)", [.text(record.url)])
            return .stored(into: ["mapped"])
        case "/app/user/login": return .refused(reason: "no table for logins")
        default: return .notMine
        }
    }
}

/// A mapper that only answers yes or no (`map`), as a module's mapper may.
struct YesNoMapper: CaptureMapper {
    func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        record.request.path == "/app/user/login"
    }
}

/// A mapper that refuses every record it is offered.
struct RefusingMapper: CaptureMapper {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "templates page has no data array" }
    }

    func map(_ record: CaptureRecord, into connection: Connection) throws -> Bool {
        try connection.execute("INSERT INTO mapped (url) VALUES (?)", [.text(record.url)])
        if record.request.path == "/app/user/login" { throw Refusal() }
        return true
    }
}
