import Testing
@testable import Store
import TestSupport

/// The Youfan repositories on a real SQLite file: what is saved comes back byte for byte, in
/// the right order, per channel, paged, and re-saving replaces instead of duplicating.
@Suite struct YoufanRepositoryTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("youfan.sqlite"), migrations: YoufanSchema.migrations)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    /// The items of a list, split back apart at the top-level commas (test items hold no
    /// brackets inside strings), checking the count the list reports.
    private func texts(_ list: YoufanList) -> [String] {
        var items: [String] = []
        var current: [UInt8] = []
        var depth = 0
        for byte in list.json.dropFirst().dropLast() {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                items.append(String(decoding: current, as: UTF8.self))
                current = []
                continue
            default: break
            }
            current.append(byte)
        }
        if !current.isEmpty { items.append(String(decoding: current, as: UTF8.self)) }
        #expect(items.count == list.count)
        return items
    }

    @Test func channelDocumentsAreKeptPerChannelAndReplaced() throws {
        let layouts = YoufanLayoutRepository(database: database)
        try database.write { connection in
            try YoufanLayoutRepository.saveHomeLayout(bytes(#"{"id":"1","name":"男士首页"}"#), page: "home", cid: 1, in: connection)
            try YoufanLayoutRepository.saveHomeLayout(bytes(#"{"id":"2"}"#), page: "home", cid: 2, in: connection)
            try YoufanLayoutRepository.saveHotLayout(bytes(#"{"topPicModul":{}}"#), cid: 4, in: connection)
            try YoufanLayoutRepository.saveCategoryTree(bytes(#"[{"cate_id":"1001","subs":[]}]"#), cid: 1, in: connection)
            try YoufanLayoutRepository.saveAppConfig(bytes(#"{"launchBanner":{"img":"a"}}"#), type: "1", in: connection)
        }
        #expect(try layouts.homeLayout(page: "home", cid: 1) == bytes(#"{"id":"1","name":"男士首页"}"#))
        #expect(try layouts.homeLayout(page: "home", cid: 4) == nil)
        #expect(try layouts.homeLayout(page: "other", cid: 1) == nil)
        #expect(try layouts.hotLayout(cid: 4) == bytes(#"{"topPicModul":{}}"#))
        #expect(try layouts.hotLayout(cid: 1) == nil)
        #expect(try layouts.categoryTree(cid: 1) == bytes(#"[{"cate_id":"1001","subs":[]}]"#))
        #expect(try layouts.appConfig(type: "1") == bytes(#"{"launchBanner":{"img":"a"}}"#))
        #expect(try layouts.appConfig(type: "2") == nil)

        try database.write { connection in
            try YoufanLayoutRepository.saveHomeLayout(bytes(#"{"id":"1","name":"新"}"#), page: "home", cid: 1, in: connection)
        }
        #expect(try layouts.homeLayout(page: "home", cid: 1) == bytes(#"{"id":"1","name":"新"}"#))
    }

    @Test func brandsPageInPositionOrderPerChannel() throws {
        let brands = YoufanBrandRepository(database: database)
        try database.write { connection in
            for index in (0..<45).reversed() {
                try YoufanBrandRepository.saveBrand(bytes(#"{"brand_code":"B\#(index)"}"#), code: "B\(index)", cid: 1,
                                     position: index, in: connection)
            }
            try YoufanBrandRepository.saveBrand(bytes(#"{"brand_code":"W"}"#), code: "W", cid: 2, position: 0, in: connection)
        }
        let first = texts(try brands.brands(cid: 1, page: YoufanPage(index: 0, size: 30)))
        let second = texts(try brands.brands(cid: 1, page: YoufanPage(index: 1, size: 30)))
        #expect(first.count == 30 && second.count == 15)
        #expect(first.first == #"{"brand_code":"B0"}"# && second.last == #"{"brand_code":"B44"}"#)
        #expect(try brands.brands(cid: 1, page: YoufanPage(index: 2, size: 30)).isEmpty)
        #expect(try brands.brands(cid: 1, page: YoufanPage(index: Int.max, size: 30)).isEmpty)
        #expect(texts(try brands.brands(cid: 2, page: YoufanPage(index: 0, size: 30))) == [#"{"brand_code":"W"}"#])
        #expect(try brands.count(cid: 4) == 0)

        try database.write { connection in   // the same brand captured again: replaced, not added
            try YoufanBrandRepository.saveBrand(bytes(#"{"brand_code":"B0","name":"新"}"#), code: "B0", cid: 1, position: 0, in: connection)
        }
        #expect(try brands.count(cid: 1) == 45)
        #expect(texts(try brands.brands(cid: 1, page: YoufanPage(index: 0, size: 1))) == [#"{"brand_code":"B0","name":"新"}"#])
    }

    @Test func productsKeepListItemDetailsConsultAndStockRowsApart() throws {
        let products = YoufanProductRepository(database: database)
        try database.write { connection in
            try YoufanProductRepository.saveRecommended(bytes(#"{"product_sys_code":"P2"}"#), code: "P2", cid: 1, position: 1, in: connection)
            try YoufanProductRepository.saveRecommended(bytes(#"{"product_sys_code":"P1"}"#), code: "P1", cid: 1, position: 0, in: connection)
            try YoufanProductRepository.saveDetails(bytes(#"{"clsInfo":{"code":"P1"}}"#), code: "P1", in: connection)
            try YoufanProductRepository.replaceConsults([bytes(#"{"question":"a"}"#), bytes(#"{"question":"b"}"#)], code: "P1", in: connection)
            try YoufanProductRepository.replaceStockRows([(key: "02/S", item: bytes(#"{"coloR_ID":"02","speC_NAME":"S"}"#)),
                                                          (key: "01/S", item: bytes(#"{"coloR_ID":"01","speC_NAME":"S"}"#)),
                                                          (key: "02/S", item: bytes(#"{"coloR_ID":"02","speC_NAME":"S","lisT_QTY":3}"#))],
                                                         code: "P3", in: connection)
        }
        #expect(texts(try products.recommended(cid: 1, page: YoufanPage(index: 0, size: 20)))
                == [#"{"product_sys_code":"P1"}"#, #"{"product_sys_code":"P2"}"#])
        #expect(try products.recommended(cid: 2, page: YoufanPage(index: 0, size: 20)).isEmpty)
        #expect(try products.details(code: "P1") == bytes(#"{"clsInfo":{"code":"P1"}}"#))
        #expect(try products.details(code: "P2") == nil)
        #expect(try products.exists(code: "P3") && !products.exists(code: "P9"))
        #expect(texts(try products.consults(code: "P1")) == [#"{"question":"a"}"#, #"{"question":"b"}"#])
        // A row captured twice keeps its last version, in its last place.
        #expect(texts(try products.stockRows(code: "P3"))
                == [#"{"coloR_ID":"01","speC_NAME":"S"}"#, #"{"coloR_ID":"02","speC_NAME":"S","lisT_QTY":3}"#])

        try database.write { connection in  // a later capture replaces the list, details stay
            try YoufanProductRepository.replaceConsults([bytes(#"{"question":"c"}"#)], code: "P1", in: connection)
            try YoufanProductRepository.saveRecommended(bytes(#"{"product_sys_code":"P1","price":"1.00"}"#), code: "P1", cid: 1,
                                         position: 5, in: connection)
        }
        #expect(texts(try products.consults(code: "P1")) == [#"{"question":"c"}"#])
        #expect(try products.details(code: "P1") == bytes(#"{"clsInfo":{"code":"P1"}}"#))
        #expect(texts(try products.recommended(cid: 1, page: YoufanPage(index: 0, size: 20))).last
                == #"{"product_sys_code":"P1","price":"1.00"}"#)
    }

    @Test func commentsPageInOrderPerThread() throws {
        let comments = YoufanCommentRepository(database: database)
        try database.write { connection in
            for index in 0..<23 {
                try YoufanCommentRepository.saveComment(bytes(#"{"cl_id":"\#(index)"}"#), id: "\(index)", type: "2", tid: "P1",
                                         position: index, in: connection)
            }
            try YoufanCommentRepository.saveComment(bytes(#"{"cl_id":"x"}"#), id: "x", type: "2", tid: "P2", position: 0, in: connection)
        }
        let pages = try (0..<4).map { try comments.comments(type: "2", tid: "P1", page: YoufanPage(index: $0, size: 10)) }
        #expect(pages.map(\.count) == [10, 10, 3, 0])
        #expect(texts(pages[2]).last == #"{"cl_id":"22"}"#)
        #expect(try comments.count(type: "2", tid: "P2") == 1)
        #expect(try comments.count(type: "1", tid: "P1") == 0)
    }

    @Test func collocationsAndSpecialsAreNewestFirst() throws {
        let collocations = YoufanCollocationRepository(database: database)
        let specials = YoufanSpecialRepository(database: database)
        try database.write { connection in
            for id in [7001, 7003, 7002] {
                try YoufanCollocationRepository.saveCollocation(bytes(#"{"info_id":"\#(id)"}"#), infoID: "\(id)", userType: "1",
                                                 recency: id, in: connection)
            }
            try YoufanSpecialRepository.saveTab(bytes(#"{"tab_id":"12","name":"潮流"}"#), tabID: "12", position: 1, in: connection)
            try YoufanSpecialRepository.saveTab(bytes(#"{"tab_id":"11","name":"精选"}"#), tabID: "11", position: 0, in: connection)
            try YoufanSpecialRepository.saveSpecial(bytes(#"{"info_id":"5001"}"#), infoID: "5001", tabID: "11", recency: 5001, in: connection)
            try YoufanSpecialRepository.saveSpecial(bytes(#"{"info_id":"5002"}"#), infoID: "5002", tabID: "12", recency: 5002, in: connection)
            try YoufanSpecialRepository.saveSpecial(bytes(#"{"info_id":"5002"}"#), infoID: "5002", tabID: "", recency: 5002, in: connection)
            try YoufanSpecialRepository.saveLayoutType(bytes(#""1""#), in: connection)
        }
        #expect(texts(try collocations.collocations(userType: "1", page: YoufanPage(index: 0, size: 2)))
                == [#"{"info_id":"7003"}"#, #"{"info_id":"7002"}"#])
        #expect(try collocations.collocations(userType: "2", page: YoufanPage(index: 0, size: 2)).isEmpty)
        let everyTab = try specials.listing(tabID: nil, page: YoufanPage(index: 0, size: 10))
        #expect(texts(everyTab.tabs) == [#"{"tab_id":"11","name":"精选"}"#, #"{"tab_id":"12","name":"潮流"}"#])
        #expect(texts(everyTab.specials) == [#"{"info_id":"5002"}"#, #"{"info_id":"5001"}"#])
        #expect(everyTab.total == 2)
        #expect(everyTab.layoutType == bytes(#""1""#))
        let tab12 = try specials.listing(tabID: "12", page: YoufanPage(index: 0, size: 10))
        #expect(texts(tab12.specials) == [#"{"info_id":"5002"}"#])
        #expect(try specials.listing(tabID: "11", page: YoufanPage(index: 0, size: 1)).total == 1)
        try database.write { connection in  // a page captured with an aid that no attr listed
            try YoufanSpecialRepository.saveSpecial(bytes(#"{"info_id":"5003"}"#), infoID: "5003", tabID: "17", recency: 5003, in: connection)
        }
        #expect(texts(try specials.listing(tabID: "17", page: YoufanPage(index: 0, size: 10)).specials)
                == [#"{"info_id":"5003"}"#])
        #expect(try specials.listing(tabID: "99", page: YoufanPage(index: 0, size: 10)).specials.isEmpty)
    }
}
