import CaptureFormats
import Foundation
import Testing
@testable import APIRoutes
import Store
import Wire

@Suite struct MakaCaptureMapperTests {
    let directory: URL
    let database: Database
    let mapper = MakaCaptureMapper(hasher: PasswordHasher(cost: 1))

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("maka-mapper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("m.sqlite").path, migrations: MakaSchema.migrations)
    }

    private func record(_ url: String, method: String = "GET", body: String, request: String = "",
                        status: Int = 200) -> CaptureRecord {
        CaptureRecord(method: method, url: url, requestBody: Array(request.utf8),
                      requestContentType: request.isEmpty ? nil : "application/x-www-form-urlencoded",
                      status: status, responseContentType: "application/json", responseBody: Array(body.utf8))
    }

    private func map(_ record: CaptureRecord) throws -> Bool {
        try database.write { try mapper.map(record, into: $0) }
    }

    @Test func listsFillTablesAndLenientIdsAreAccepted() throws {
        #expect(try map(record("http://api.maka.im/app/templates?categoryId=1", body: """
            {"code":200,"msg":"ok","data":[{"id":"T_00000101","categoryId":"1","title":"樱花","pageCount":"4","price":"9.90"},{"title":"无id"},{"id":"101","title":"整数id"}],
             "page":{"index":1,"size":20,"total":2,"hasMore":false}}
            """)))
        #expect(try map(record("/app/template/T_00000101", body: #"{"code":200,"msg":"ok","data":{"id":"T_00000101","categoryId":1,"title":"樱花","pdata":{"json":[{"index":1},{"index":2}],"music":[]}}}"#)))
        let catalog = MakaCatalogRepository(database: database)
        let template = try #require(try catalog.template(id: "T_00000101"))
        #expect(template.pageCount == 2, "the detail's pages win over the listed count")
        #expect(template.pages == #"[{"index":1},{"index":2}]"#)
        #expect(try catalog.visitTemplates(categoryId: nil, offset: 0, limit: 10) { _ in } == 1)
    }

    private func mapping(_ record: CaptureRecord) throws -> CaptureMapping {
        try database.write { try mapper.mapping(record, into: $0) }
    }

    /// The routes the clones call fill the same tables: QT's `categoryApp`, QT's and FP's store
    /// pages (the request's `cateId` is the category; `-1`, all, keeps the stored one).
    @Test func storePagesAndCategoryAppFillTheCatalogue() throws {
        #expect(try mapping(record("/app/categoryApp?timestamp=1", body: #"{"code":200,"msg":"ok","data":[{"id":7,"name":"婚礼请柬"}]}"#))
                == .stored(into: ["maka_special_categories"]))
        let page = #"{"code":200,"msg":"ok","data":{"cateId":7,"perPage":20,"pageNumber":0,"total":1,"dataList":[{"id":"T_0000ABCD","title":"樱花","price":"9.90","discount":"10","sale_number":"12"}]}}"#
        #expect(try mapping(record("/api/storeTemplates?cateId=7&pageNumber=0&perPage=20", body: page))
                == .stored(into: ["maka_templates"]))
        #expect(try mapping(record("//app/storeTemplates?&cateId=-1&order=&pageNumber=0", body: page))
                == .stored(into: ["maka_templates"]))
        let template = try #require(try MakaCatalogRepository(database: database).template(id: "T_0000ABCD"))
        #expect(template.categoryId == 7 && template.saleNumber == 12)
    }

    /// Records of Maka routes that no table can take are refused with the reason; business errors,
    /// empty pages and routes that hold the caller's own data are simply not the mapper's.
    @Test func whatNoTableCanTakeIsRefusedWithTheReason() throws {
        #expect(try mapping(record("/app/template/T_0000ABCD", body: #"{"code":200,"msg":"ok","data":{"title":"无id"}}"#))
                == .refused(reason: "app/template/{id}: the answer has no T_ template id and title"))
        #expect(try mapping(record("/app/tagCategories", body: #"{"code":200,"msg":"ok","data":[{"name":"无id"}]}"#))
                == .refused(reason: "app/tagCategories: no item has the id and name the table needs"))
        #expect(try mapping(record("/api/storeTemplates?cateId=7", body: #"{"code":200,"msg":"ok","data":[]}"#))
                == .refused(reason: "api/storeTemplates: the answer has no dataList"))
        #expect(try mapping(record("/app/user/login", method: "POST", body: #"{"code":200,"data":{"uid":5}}"#, request: "email=a%40maka.im"))
                == .refused(reason: "app/user/login: the captured request has no valid email and password"))
        #expect(try mapping(record("/app/templates", body: #"{"code":200,"msg":"ok","data":[]}"#)) == .notMine)
        #expect(try mapping(record("/app/templates", body: #"{"code":404,"msg":"no","data":null}"#)) == .notMine)
        #expect(try mapping(record("/app/events", body: #"{"code":200,"msg":"ok","data":[{"id":"ABCDEFGH"}]}"#)) == .notMine)
    }

    /// A captured `buyTemplate/status` answered true is a purchase by the request's `uid` when the
    /// template is paid; for a free template, or `false`, there is nothing to store.
    @Test func aCapturedUnlockedStatusIsAPurchaseOfAPaidTemplate() throws {
        try database.write { connection in
            try connection.execute("INSERT INTO maka_users (uid, nickname, create_time) VALUES (1999139, 'qt', '2015-02-14 20:15:00')")
        }
        let list = #"{"code":200,"msg":"ok","data":[{"id":"T_6QE7W9IW","title":"樱花","price":"19.90"},{"id":"T_0000FREE","title":"免费","price":"0.00"}]}"#
        #expect(try map(record("/app/templates?categoryId=1", body: list)))
        func status(_ id: String, _ unlocked: Bool, uid: String = "1999139") -> CaptureRecord {
            record("/app/buyTemplate/status/\(id)?templateId=\(id)&timestamp=1458616475750&token=t&uid=\(uid)",
                   body: #"{"code":200,"msg":"ok","data":{"status":\#(unlocked)}}"#)
        }
        #expect(try mapping(status("T_6QE7W9IW", true)) == .stored(into: ["maka_purchases"]))
        #expect(try mapping(status("T_0000FREE", true)) == .notMine)
        #expect(try mapping(status("T_6QE7W9IW", false, uid: "10001")) == .notMine)
        #expect(try mapping(status("T_6QE7W9IW", true, uid: "10001"))
                == .refused(reason: "app/buyTemplate/status/{id}: the user or the template is not known"))
        let catalog = MakaCatalogRepository(database: database)
        #expect(try catalog.hasBought("T_6QE7W9IW", uid: 1999139))
        #expect(try !catalog.hasBought("T_0000FREE", uid: 1999139))
    }

    @Test func failuresAndForeignPathsAreNotMapped() throws {
        #expect(try !map(record("/app/templates", body: #"{"code":500,"msg":"busy","data":null}"#)))
        #expect(try !map(record("/app/templates", body: #"{"code":200,"data":[{"id":1,"title":"t"}]}"#, status: 500)))
        #expect(try !map(record("/app/templates", body: "<html>not json</html>")))
        #expect(try !map(record("/app/events", body: #"{"code":200,"msg":"ok","data":[{"id":1,"title":"mine"}]}"#)))
        #expect(try !map(record("/mbfun_server/index.php?m=Home", body: #"{"status":1,"data":[]}"#)))
        #expect(try !map(record("/app/user/register", method: "POST", body: #"{"code":200,"data":{"uid":5}}"#, request: "email=a%40maka.im")))
        #expect(try MakaCatalogRepository(database: database).visitTemplates(categoryId: nil, offset: 0, limit: 10) { _ in } == 0)
    }

    @Test func aCapturedRegistrationCanLogInAndReimportKeepsTheHash() throws {
        let register = record("/app/user/register", method: "POST",
                              body: #"{"code":200,"msg":"ok","data":{"uid":10001,"token":"t","user":{"uid":10001,"nickname":"小鱼儿","city":"上海"}}}"#,
                              request: "email=Xiao%40Maka.im&password=maka2015")
        #expect(try map(register))
        let users = MakaUserRepository(database: database)
        let credentials = try #require(try users.credentials(email: "xiao@maka.im"))
        #expect(credentials.uid == 10001)
        #expect(credentials.passwordHash.hasPrefix("$scrypt$"))
        #expect(PasswordHasher(cost: 1).verify("maka2015", against: credentials.passwordHash))
        #expect(try users.user(uid: 10001)?.city == "上海")
        #expect(try map(register))
        #expect(try users.credentials(email: "xiao@maka.im")?.passwordHash == credentials.passwordHash)
        #expect(try users.uid(forToken: "t") == nil, "captured tokens are never imported")
    }

    /// A reset empties the users and maps the captures again: the capture's password is not
    /// hashed again (a new hash would have a new salt), and another capture's password is.
    @Test func aCapturedPasswordIsHashedOncePerCapture() throws {
        let register = record("/app/user/register", method: "POST", body: #"{"code":200,"msg":"ok","data":{"uid":10001}}"#,
                              request: "email=xiao%40maka.im&password=maka2015")
        #expect(try map(register))
        let users = MakaUserRepository(database: database)
        let first = try #require(try users.credentials(email: "xiao@maka.im")).passwordHash
        try database.write { try $0.execute("DELETE FROM maka_users") }
        #expect(try map(register))
        #expect(try users.credentials(email: "xiao@maka.im")?.passwordHash == first)

        let login = record("/app/user/login", method: "POST", body: #"{"code":200,"msg":"ok","data":{"uid":10001}}"#,
                           request: "email=xiao%40maka.im&password=maka2016")
        #expect(try map(login))
        let changed = try #require(try users.credentials(email: "xiao@maka.im")).passwordHash
        #expect(changed != first)
        #expect(PasswordHasher(cost: 1).verify("maka2016", against: changed))
        #expect(try map(register))
        #expect(try users.credentials(email: "xiao@maka.im")?.passwordHash == first,
                "the first capture's password again, by the hash made of it")

        let dearer = MakaCaptureMapper(hasher: PasswordHasher(cost: 2))
        try database.write { try $0.execute("DELETE FROM maka_users") }
        #expect(try database.write { try dearer.map(register, into: $0) })
        let rehashed = try #require(try users.credentials(email: "xiao@maka.im")).passwordHash
        #expect(rehashed.hasPrefix("$scrypt$ln=2,"), "a remembered hash of other parameters is made again")
        #expect(PasswordHasher(cost: 2).verify("maka2015", against: rehashed))
    }

    @Test func publicEventsBringTheirAuthorsAndAreOrderedByPublishTime() throws {
        #expect(try map(record("/app/publicEvents?page=2", body: """
            {"code":200,"msg":"ok","data":[{"id":5,"uid":"20001","author":"老王","title":"旧","publishTime":"2015-01-01 00:00:00","tagId":2}]}
            """)))
        #expect(try map(record("/app/publicEvents?page=1", body: """
            {"code":200,"msg":"ok","data":[{"id":9,"uid":20002,"author":"小李","title":"新","publishTime":"2015-02-01 00:00:00"},
             {"id":10,"author":"无uid","title":"跳过"}]}
            """)))
        let feed = MakaPublicFeed(database: database)
        var runs: [String] = []
        let total = try feed.page(tagId: nil, index: 1, size: 10) { runs.append(String(decoding: $0, as: UTF8.self)) }
        #expect(total == 2)
        let items = try #require(JSON.parse("[\(runs.joined(separator: ","))]").arrayValue)
        #expect(items.map { $0["title"]?.stringValue } == ["新", "旧"])
        #expect(items.first?["author"]?.stringValue == "小李")
        #expect(items.first?["id"]?.stringValue == "00000009", "an older capture's integer id becomes its base-36 code")
        #expect(try feed.page(tagId: 2, index: 1, size: 10) { _ in } == 1)
        #expect(try MakaUserRepository(database: database).user(uid: 20001)?.nickname == "老王")
        #expect(try MakaUserRepository(database: database).credentials(email: "") == nil)
    }
}
