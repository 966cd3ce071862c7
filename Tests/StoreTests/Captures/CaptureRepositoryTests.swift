import CaptureFormats
import Testing
@testable import Store
import TestSupport

@Suite struct CaptureRepositoryTests {
    static let volatileNames: Set<String> = ["deviceId", "version", "token"]
    static let volatile: VolatileParameters = [.init(pathPrefix: "/", names: volatileNames)]

    let directory: TemporaryDirectory
    let database: Database
    let repository: CaptureRepository

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("captures.sqlite"), migrations: CaptureRepository.migrations)
        repository = try CaptureRepository(database: database, volatileParameters: Self.volatile)
    }

    private func record(_ url: String, method: String = "GET", body: String, status: Int = 200) -> CaptureRecord {
        CaptureRecord(method: method, url: url, status: status, responseContentType: "application/json; charset=utf-8",
                      responseBody: Array(body.utf8))
    }

    @discardableResult
    private func store(_ records: [CaptureRecord]) throws -> [CaptureStoreOutcome] {
        try database.write { db in try records.map { try repository.store($0, in: db) } }
    }

    private func request(_ path: String, _ query: String?, method: String = "GET", body: String = "", type: String? = nil) -> CaptureRequest {
        CaptureRequest(method: method, path: path, query: query, body: Array(body.utf8), contentType: type)
    }

    @Test func storingTheSameRecordAgainChangesNothing() throws {
        let records = [record("/a?x=1", body: "1"), record("/a?x=2", body: "2")]
        let first = try store(records)
        #expect(first.allSatisfy { $0.isNew })
        let second = try store(records)
        #expect(second == [.unchanged(1), .unchanged(2)])
        #expect(try repository.count() == 2)
    }

    @Test func volatileParametersAndParameterOrderDoNotCount() throws {
        try store([record("http://host/mbfun_server/index.php?m=Home&a=x&cid=1&deviceId=A&version=1", body: "one")])
        let found = try repository.match(request("/mbfun_server/index.php", "cid=1&a=x&m=Home&deviceId=B&token="))
        #expect(found.map { String(decoding: $0.body, as: UTF8.self) } == "one")
        #expect(try repository.match(request("/mbfun_server/index.php", "cid=2&a=x&m=Home")) == nil)
        #expect(try repository.match(request("/mbfun_server/index.php", "cid=1&a=x&m=Home", method: "POST")) == nil)
    }

    @Test func bodyParametersCountLikeQueryParameters() throws {
        var login = record("/app/user/login", method: "POST", body: "ok")
        login.requestBody = Array("email=a%40b.cn&password=x".utf8)
        login.requestContentType = "application/x-www-form-urlencoded"
        try store([login])
        let json = request("/app/user/login", nil, method: "POST", body: #"{"password":"x","email":"a@b.cn"}"#, type: "application/json")
        #expect(try repository.match(json)?.status == 200)
        let wrong = request("/app/user/login", nil, method: "POST", body: "email=a%40b.cn&password=y", type: "application/x-www-form-urlencoded")
        #expect(try repository.match(wrong) == nil)
    }

    @Test func mostRecentlyImportedWinsAndSequenceWalksInImportOrder() throws {
        try store([record("/seq", body: "first"), record("/seq", body: "second"), record("/seq", body: "third")])
        let plain = try repository.match(request("/seq", nil))
        #expect(plain.map { String(decoding: $0.body, as: UTF8.self) } == "third")
        var walked: [String] = []
        for _ in 0..<5 {
            let next = try repository.match(request("/seq", "deviceId=\(walked.count)"), sequence: true)
            walked.append(next.map { String(decoding: $0.body, as: UTF8.self) } ?? "none")
        }
        #expect(walked == ["first", "second", "third", "third", "third"])
        repository.resetSequences()
        #expect(try repository.match(request("/seq", nil), sequence: true)?.body == Array("first".utf8))
        #expect(try repository.matches(request("/seq", nil)).count == 3)
    }

    @Test func nearMissNamesTheClosestCaptureOnTheSamePath() throws {
        try store([
            record("/mbfun_server/index.php?m=Product&a=getProductDetails&code=100", body: "a"),
            record("/mbfun_server/index.php?m=Brand&a=list&cid=2&pageIndex=0", body: "b"),
        ])
        let miss = try #require(try repository.nearMiss(request("/mbfun_server/index.php", "m=Brand&a=list&cid=1&pageIndex=0&deviceId=x")))
        #expect(miss.closestDescription == "GET /mbfun_server/index.php?a=list&cid=2&m=Brand&pageIndex=0")
        #expect(miss.differences == ["cid is 2 in the capture, 1 here"])
        #expect(miss.message.contains("closest captured request"))
        let extra = try #require(try repository.nearMiss(request("/mbfun_server/index.php", "m=Product&a=getProductDetails&code=100&x=1")))
        #expect(extra.differences == ["x is not in the capture"])
        #expect(try repository.nearMiss(request("/never", nil)) == nil)
    }

    @Test func nearMissPrefersFewestDifferingNamesOverRecency() throws {
        try store([record("/index.php?m=Brand&a=list&cid=1&pageSize=30", body: "brands")]
                  + (0..<30).map { record("/index.php?m=Other\($0)&a=x&PageSize=10", body: "\($0)") })
        let miss = try #require(try repository.nearMiss(request("/index.php", "m=Brand&a=list&cid=1&pageSize=31")))
        #expect(miss.differences == ["pageSize is 30 in the capture, 31 here"])
    }

    @Test func changingTheVolatileListRekeysStoredCaptures() throws {
        try store([record("/p?cid=1&osName=ios", body: "x")])
        #expect(try repository.match(request("/p", "cid=1")) == nil)
        let relaxed = try CaptureRepository(database: database, volatileParameters: [
            .init(pathPrefix: "/", names: Self.volatileNames.union(["osName"])),
        ])
        #expect(try relaxed.match(request("/p", "cid=1&osName=android"))?.body == Array("x".utf8))
    }

    @Test func aParameterIsVolatileOnlyForTheAPIThatDeclaredIt() throws {
        let youfanOnly = try CaptureRepository(database: database, volatileParameters: [
            .init(pathPrefix: "/mbfun_server/index.php", names: ["deviceId"]),
        ])
        try database.write { db in
            try youfanOnly.store(record("/mbfun_server/index.php?m=Home&a=x&deviceId=A", body: "youfan"), in: db)
            try youfanOnly.store(record("/app/template/list?page=1&deviceId=A", body: "maka"), in: db)
        }
        #expect(try youfanOnly.match(request("/mbfun_server/index.php", "m=Home&a=x&deviceId=B"))?.body == Array("youfan".utf8))
        #expect(try youfanOnly.match(request("/app/template/list", "page=1&deviceId=B")) == nil)
        #expect(try youfanOnly.match(request("/app/template/list", "page=1&deviceId=A"))?.body == Array("maka".utf8))
    }
}
