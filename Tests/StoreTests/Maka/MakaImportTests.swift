import Testing
@testable import Store

@Suite struct MakaImportTests {
    let fixture: MakaStoreFixture

    init() throws { fixture = try MakaStoreFixture() }

    private func importCatalog() throws {
        try fixture.database.write { connection in
            try MakaImport.upsert(MakaSpecialCategory(id: 2, name: "企业年会", sort: 2), in: connection)
            try MakaImport.upsert(MakaSpecialCategory(id: 1, name: "婚礼请柬", icon: "http://img.maka.im/c/1.png", sort: 1), in: connection)
            try MakaImport.upsert(MakaTemplate(id: "T_00000101", categoryId: 1, title: "樱花", pageCount: 1, pages: #"[{"index":1}]"#), in: connection)
            try MakaImport.upsert(MakaTemplate(id: "T_00000102", categoryId: 1, title: "森系", pageCount: 4), in: connection)
            try MakaImport.upsert(MakaTemplate(id: "T_00000201", categoryId: 2, title: "年会", pageCount: 3), in: connection)
            try MakaImport.upsert(MakaPictureCategory(id: 1, name: "花卉", sort: 1), in: connection)
            for id in 1...25 {
                try MakaImport.upsert(MakaPicture(id: Self.pictureID(5000 + id), categoryId: id <= 20 ? 1 : 2,
                                                  title: "樱花\(id)", url: "http://img.maka.im/p/\(id).jpg"), in: connection)
            }
            try MakaImport.upsert(MakaTagCategory(id: 1, name: "婚礼", sort: 1), in: connection)
        }
    }

    /// A 20-character picture id that sorts like the number.
    static func pictureID(_ number: Int) -> String {
        MakaClientID.fromLegacy(Int64(number), length: MakaClientID.pictureLength)
    }

    @Test func catalogueReadsBackSortedWithComputedCounts() throws {
        try importCatalog()
        let categories = try fixture.catalog.specialCategories()
        #expect(categories.map(\.name) == ["婚礼请柬", "企业年会"])
        #expect(categories.map(\.templateCount) == [2, 1])
        #expect(categories[0].icon == "http://img.maka.im/c/1.png")
        let templates = try fixture.catalog.templatePage(categoryId: 1, offset: 0, limit: 20)
        #expect(templates.total == 2)
        #expect(templates.ids == ["T_00000101", "T_00000102"])
        #expect(templates.withoutPages == [true, true])
        #expect(try fixture.catalog.templatePage(categoryId: nil, offset: 2, limit: 20).ids == ["T_00000201"])
        #expect(try fixture.catalog.template(id: "T_00000101")?.pages == #"[{"index":1}]"#)
        #expect(try fixture.catalog.template(id: "T_00000999") == nil)
        #expect(try fixture.catalog.pictureCategories().map(\.pictureCount) == [20])
        let pictures = try fixture.catalog.pictures(categoryId: 1, offset: 15, limit: 10)
        #expect(pictures.total == 20)
        #expect(pictures.pictures.map(\.id) == (5016...5020).map(Self.pictureID))
        #expect(try fixture.catalog.pictures(categoryId: nil, offset: 0, limit: 100).total == 25)
        #expect(try fixture.catalog.exists(.special, id: 2))
        #expect(try !fixture.catalog.exists(.picture, id: 2))
        #expect(try fixture.catalog.exists(.tag, id: 1))
    }

    @Test func importingTwiceChangesNothingAndAListPageKeepsKnownPages() throws {
        try importCatalog()
        try importCatalog()
        #expect(try fixture.catalog.templatePage(categoryId: nil, offset: 0, limit: 100).total == 3)
        try fixture.database.write { connection in
            try MakaImport.upsert(MakaTemplate(id: "T_00000101", categoryId: 1, title: "樱花（新）", pageCount: 1), in: connection)
        }
        let template = try #require(try fixture.catalog.template(id: "T_00000101"))
        #expect(template.title == "樱花（新）")
        #expect(template.pages == #"[{"index":1}]"#)
    }

    @Test func aCapturedRegistrationNeverTakesOverAnotherAccountsEmail() throws {
        let live = try fixture.register("taken@maka.im", nickname: "真用户")
        let captured = MakaUser(uid: 10050, email: "taken@maka.im", nickname: "抓包用户", createTime: "2015-03-02 10:00:00")
        let written = try fixture.database.write { try MakaImport.upsertRegistered(captured, passwordHash: "h", in: $0) }
        #expect(!written)
        #expect(try fixture.users.user(uid: 10050) == nil)
        #expect(try fixture.users.credentials(email: "taken@maka.im")?.uid == live.uid)
        let own = MakaUser(uid: 10060, email: "new@maka.im", nickname: "新", city: "厦门", createTime: "2015-03-02 10:00:00")
        #expect(try fixture.database.write { try MakaImport.upsertRegistered(own, passwordHash: "h2", in: $0) })
        #expect(try fixture.database.write { try MakaImport.upsertRegistered(own, passwordHash: "h2", in: $0) })
        #expect(try fixture.users.user(uid: 10060) == own)
        #expect(try fixture.database.read { try MakaImport.passwordHash(uid: 10060, in: $0) } == "h2")
    }

    @Test func aCapturedAuthorKeepsItsProfileButTakesTheListedNickname() throws {
        try fixture.database.write { connection in
            let user = MakaUser(uid: 10070, email: "a@maka.im", nickname: "旧", city: "成都", createTime: "2015-01-01 00:00:00")
            try MakaImport.upsertRegistered(user, passwordHash: "h", in: connection)
            try MakaImport.upsertAuthor(uid: 10070, nickname: "新", avatar: "http://img.maka.im/a.jpg",
                                        createTime: "2016-01-01 00:00:00", in: connection)
        }
        let user = try #require(try fixture.users.user(uid: 10070))
        #expect(user.nickname == "新")
        #expect(user.city == "成都")
        #expect(user.createTime == "2015-01-01 00:00:00")
    }
}
