import Testing
@testable import Store
import TestSupport

/// Databases made by earlier versions: `youfan.007-clustered-pages` keeps brands and comments in
/// order; `youfan.008-wire-shapes` refuses data in the old shapes, saying `--reset`;
/// `youfan.009-stock-rows` turns colours with a nested `sizeList` into one row per size.
@Suite struct YoufanMigrationTests {
    /// The migrations an earlier version ran: those before `name`.
    static func migrations(before name: String) -> [Migration] {
        Array(YoufanSchema.migrations.prefix { $0.name != name })
    }

    @Test func clusteringThePagesKeepsEveryRowInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let before = Self.migrations(before: "youfan.007-clustered-pages")
        #expect(before.map(\.name).last == "youfan.006-specials")
        do {
            let old = try Database(path: path, migrations: before)
            try old.write { connection in
                for (position, code) in ["B2", "B1", "B3"].enumerated() {
                    try connection.execute("INSERT INTO youfan_brands (cid, brand_code, position, item) VALUES (1, ?, ?, ?)",
                                           [.text(code), SQLValue(position), .text(#"{"brand_code":"\#(code)"}"#)])
                }
                try connection.execute("""
                    INSERT INTO youfan_comments (type, tid, comment_id, position, item) VALUES ('2', 'P1', 'c9', 0, '{"id":"c9"}')
                    """)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let brands = try YoufanBrandRepository(database: upgraded).brands(cid: 1, page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: brands.json, as: UTF8.self)
                == #"[{"brand_code":"B2"},{"brand_code":"B1"},{"brand_code":"B3"}]"#)
        let comments = try YoufanCommentRepository(database: upgraded).comments(type: "2", tid: "P1", page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: comments.json, as: UTF8.self) == #"[{"id":"c9"}]"#)

        try upgraded.write { connection in   // re-saving moves the brand instead of duplicating it
            try YoufanBrandRepository.saveBrand(Array(#"{"brand_code":"B2"}"#.utf8), code: "B2", cid: 1, position: 9, in: connection)
        }
        let moved = try YoufanBrandRepository(database: upgraded).brands(cid: 1, page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: moved.json, as: UTF8.self)
                == #"[{"brand_code":"B1"},{"brand_code":"B3"},{"brand_code":"B2"}]"#)
    }

    /// A file written by the previous version from its seeds (old keys, string statuses).
    static func oldSeededFile(_ path: String) throws {
        let old = try Database(path: path, migrations: Self.migrations(before: "youfan.008-wire-shapes"))
        try old.write { connection in
            try connection.execute("""
                INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES ('5001', '11', 5001, '{"info_id":"5001","tab_id":"11"}')
                """)
            try connection.execute("INSERT INTO youfan_products (code, item) VALUES ('160300001', '{\"status\":\"1\"}')")
        }
    }

    @Test func oldShapedDataIsRefusedWithAMessageThatSaysReset() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        try Self.oldSeededFile(path)
        do {
            _ = try Database(path: path, migrations: YoufanSchema.migrations)
            Issue.record("an old-shaped database was opened")
        } catch let error as StoreError {
            #expect(error.message.contains("youfan.008-wire-shapes") && error.message.contains("--reset"))
        }
        // Nothing was lost: the old version's migrations still open it with its rows.
        let reopened = try Database(path: path, migrations: Self.migrations(before: "youfan.008-wire-shapes"))
        let count = try reopened.read { try $0.queryFirst("SELECT count(*) FROM youfan_specials")?.int(at: 0) }
        #expect(count == 1)
    }

    @Test func newShapedDataPasses() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("current.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.008-wire-shapes"))
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES ('15003', '101', 15003, '{"id":"15003"}')
                    """)
                try connection.execute("INSERT INTO youfan_products (code, item) VALUES ('160300001', '{\"status\":2}')")
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        #expect(try YoufanSpecialRepository(database: upgraded).listing(tabID: "101", page: YoufanPage(index: 0, size: 10)).total == 1)
    }

    @Test func coloursWithNestedSizesBecomeOneStockRowPerSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("colours.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.009-stock-rows"))
            try old.write { connection in
                try connection.execute("INSERT INTO youfan_products (code) VALUES ('160300001')")
                try connection.execute("""
                    INSERT INTO youfan_product_colours (code, colour_id, position, item) VALUES
                    ('160300001', '02', 0, '{"coloR_ID":"02","price":199,"sizeList":[{"speC_ID":"a","speC_NAME":"S","lisT_QTY":3},{"speC_ID":"b","speC_NAME":"M","lisT_QTY":0}]}'),
                    ('160300001', '01', 1, '{"coloR_ID":"01","price":199,"sizeList":[{"speC_ID":"c","speC_NAME":"S","lisT_QTY":7}]}')
                    """)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let rows = try YoufanProductRepository(database: upgraded).stockRows(code: "160300001")
        #expect(String(decoding: rows.json, as: UTF8.self) == """
            [{"coloR_ID":"02","price":199,"id":"a","lM_PROD_CLS_ID":"a","speC_ID":"a","speC_NAME":"S","lisT_QTY":3},\
            {"coloR_ID":"02","price":199,"id":"b","lM_PROD_CLS_ID":"b","speC_ID":"b","speC_NAME":"M","lisT_QTY":0},\
            {"coloR_ID":"01","price":199,"id":"c","lM_PROD_CLS_ID":"c","speC_ID":"c","speC_NAME":"S","lisT_QTY":7}]
            """)
    }

    @Test func productsBecomeARowidTableWithEveryRowAndTheirChildrenStillChecked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("products.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.013-products-by-rowid"))
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO youfan_products (code, item, details) VALUES
                    ('160300002', '{"code":"160300002"}', '{"clsInfo":{}}'), ('160300001', '{"code":"160300001"}', NULL)
                    """)
                try connection.execute("""
                    INSERT INTO youfan_recommendations (cid, code, position) VALUES (1, '160300001', 0), (1, '160300002', 1)
                    """)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let schema = try upgraded.read { try $0.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'youfan_products'")?.string(at: 0) }
        #expect(schema?.contains("WITHOUT ROWID") == false)
        let products = YoufanProductRepository(database: upgraded)
        let page = try products.recommended(cid: 1, page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: page.json, as: UTF8.self) == #"[{"code":"160300001"},{"code":"160300002"}]"#)
        #expect(try products.details(code: "160300002").map { String(decoding: $0, as: UTF8.self) } == #"{"clsInfo":{}}"#)
        // The children's foreign keys name the new table, and enforcement is back on.
        #expect(throws: StoreError.self) {
            try upgraded.write { connection in
                try connection.execute("INSERT INTO youfan_recommendations (cid, code, position) VALUES (1, 'nowhere', 2)")
            }
        }
    }

    @Test func recommendedItemsAreCopiedAndFollowEveryWriteToTheirSources() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("recommended.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.014-recommended-items"))
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO youfan_products (code, item) VALUES ('P1', '{"code":"P1"}'), ('P2', '{"code":"P2"}'),
                        ('P3', NULL), ('P4', '{"code":"P4"}')
                    """)
                try connection.execute("""
                    INSERT INTO youfan_recommendations (cid, code, position) VALUES
                        (2, 'P1', 0), (1, 'P2', 1), (1, 'P3', 0), (1, 'P1', 2), (4, 'P4', 0)
                    """)
            }
        }
        let database = try Database(path: path, migrations: YoufanSchema.migrations)
        let products = YoufanProductRepository(database: database)
        /// The page every channel's list gives, and each channel's, against the join they copy.
        func expectPagesMatchTheJoin(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let everything = try products.recommended(cid: nil, page: YoufanPage(index: 0, size: 50))
            #expect(String(decoding: everything.json, as: UTF8.self) == expected, sourceLocation: sourceLocation)
            for cid in [1, 2, 4] {
                let joined = try database.read { connection in
                    try connection.query("""
                        SELECT p.item FROM youfan_recommendations AS r JOIN youfan_products AS p ON p.code = r.code
                        WHERE r.cid = ? AND p.item IS NOT NULL ORDER BY r.position, r.code
                        """, [SQLValue(cid)]).map { try $0.string(at: 0) }
                }
                let page = try products.recommended(cid: cid, page: YoufanPage(index: 0, size: 50))
                #expect(String(decoding: page.json, as: UTF8.self) == "[" + joined.joined(separator: ",") + "]",
                        sourceLocation: sourceLocation)
                #expect(try products.recommendedCount(cid: cid) == joined.count, sourceLocation: sourceLocation)
            }
        }
        try expectPagesMatchTheJoin(#"[{"code":"P2"},{"code":"P1"},{"code":"P1"},{"code":"P4"}]"#)

        try database.write { connection in
            // A new item for a product in two channels; details alone change nothing listed.
            try YoufanProductRepository.saveRecommended(Array(#"{"code":"P1","v":2}"#.utf8), code: "P1", cid: 1,
                                                        position: 0, in: connection)
            try YoufanProductRepository.saveDetails(Array(#"{"clsInfo":{}}"#.utf8), code: "P2", in: connection)
            // A product given its item is listed where it was recommended already.
            try connection.execute(#"UPDATE youfan_products SET item = '{"code":"P3"}' WHERE code = 'P3'"#)
        }
        try expectPagesMatchTheJoin(#"[{"code":"P1","v":2},{"code":"P3"},{"code":"P2"},{"code":"P1","v":2},{"code":"P4"}]"#)

        try database.write { connection in
            try connection.execute("DELETE FROM youfan_recommendations WHERE cid = 1 AND code = 'P3'")
            try connection.execute("UPDATE youfan_recommendations SET cid = 4, position = 5 WHERE cid = 1 AND code = 'P2'")
            try connection.execute("UPDATE youfan_products SET item = NULL WHERE code = 'P4'")
            try connection.execute("DELETE FROM youfan_recommendations WHERE code = 'P3'")
            try connection.execute("DELETE FROM youfan_products WHERE code = 'P3'")
        }
        try expectPagesMatchTheJoin(#"[{"code":"P1","v":2},{"code":"P1","v":2},{"code":"P2"}]"#)
    }

    @Test func feedsBecomeRowidTablesWithEveryRowInItsOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("feeds.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.015-feeds-by-rowid"))
            try old.write { connection in
                try connection.execute("""
                    INSERT INTO youfan_collocations (info_id, user_type, recency, item) VALUES
                        ('7', '1', 7, '{"id":"7"}'), ('9', '1', 9, '{"id":"9"}'), ('8', '2', 8, '{"id":"8"}'),
                        ('9b', '1', 9, '{"id":"9b"}')
                    """)
                try connection.execute("""
                    INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES
                        ('s1', 't1', 1, '{"id":"s1"}'), ('s3', 't2', 3, '{"id":"s3"}'), ('s2', 't1', 2, '{"id":"s2"}')
                    """)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        for table in ["youfan_collocations", "youfan_specials"] {
            let schema = try upgraded.read { try $0.queryFirst("SELECT sql FROM sqlite_master WHERE name = ?", [.text(table)])?.string(at: 0) }
            #expect(schema?.contains("WITHOUT ROWID") == false)
        }
        let collocations = YoufanCollocationRepository(database: upgraded)
        let feed = try collocations.collocations(userType: "1", page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: feed.json, as: UTF8.self) == #"[{"id":"9b"},{"id":"9"},{"id":"7"}]"#)
        let specials = YoufanSpecialRepository(database: upgraded)
        let all = try specials.listing(tabID: nil, page: YoufanPage(index: 0, size: 2))
        #expect(String(decoding: all.specials.json, as: UTF8.self) == #"[{"id":"s3"},{"id":"s2"}]"# && all.total == 3)
        let tab = try specials.listing(tabID: "t1", page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: tab.specials.json, as: UTF8.self) == #"[{"id":"s2"},{"id":"s1"}]"# && tab.total == 2)

        try upgraded.write { connection in   // re-saving replaces instead of duplicating
            try YoufanCollocationRepository.saveCollocation(Array(#"{"id":"7","v":2}"#.utf8), infoID: "7", userType: "1",
                                                            recency: 10, in: connection)
        }
        let resaved = try collocations.collocations(userType: "1", page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: resaved.json, as: UTF8.self) == #"[{"id":"7","v":2},{"id":"9b"},{"id":"9"}]"#)
    }

    @Test func topicFragmentsHoldTheItemsMembersAsStoredAndFollowEveryWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("fragments.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.016-topic-fragments"))
            try old.write { connection in
                try connection.execute(#"""
                    INSERT INTO youfan_collocations (info_id, user_type, recency, item) VALUES
                        ('7', '1', 7, '{"product_list":[{"code":"P1"}],"img_width":640,"id":"7","img":"http:\/\/i\/7.jpg","id":"x","user_id":"u1","nick_name":"\u4e2d","head_v_type":null}'),
                        ('8', '1', 8, '{"id":"8","tag_list":"[]"}'), ('9', '1', 9, 'not JSON'), ('10', '2', 10, '[1]')
                    """#)
                try connection.execute(#"""
                    INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES
                        ('s1', 't1', 1, '{"title":"春\"日\"","content":"…","id":"s1","img":"i.jpg"}'), ('s2', 't1', 2, '{}')
                    """#)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let collocations = YoufanCollocationRepository(database: upgraded)
        let specials = YoufanSpecialRepository(database: upgraded)
        func thumbnails(_ userType: String) throws -> String {
            String(decoding: try collocations.thumbnails(userType: userType, page: YoufanPage(index: 0, size: 10)).json, as: UTF8.self)
        }
        func topics() throws -> String {
            String(decoding: try specials.topicFragments(page: YoufanPage(index: 0, size: 10)).json, as: UTF8.self)
        }
        // Members in the fragment's order, values as stored (escapes, numbers, null), the first
        // of a repeated key; an item that is not JSON is read whole.
        #expect(try thumbnails("1") == #"""
            [not JSON,{"id":"8"},{"id":"7","img":"http:\/\/i\/7.jpg","img_width":640,"user_id":"u1","nick_name":"\u4e2d","head_v_type":null}]
            """#)
        #expect(try thumbnails("2") == "[{}]")
        #expect(try topics() == #"[{},{"id":"s1","title":"春\"日\"","img":"i.jpg"}]"#)

        try upgraded.write { connection in
            // A re-save (INSERT OR REPLACE), a new row, an UPDATE of the item, a special saved
            // again (its upsert's UPDATE) and a new one.
            try YoufanCollocationRepository.saveCollocation(Array(#"{"id":"8","img":"8.jpg"}"#.utf8), infoID: "8",
                                                            userType: "1", recency: 8, in: connection)
            try YoufanCollocationRepository.saveCollocation(Array(#"{"video_url":"v","id":"11"}"#.utf8), infoID: "11",
                                                            userType: "1", recency: 11, in: connection)
            try connection.execute(#"UPDATE youfan_collocations SET item = '{"id":"9","stick_img_url":""}' WHERE info_id = '9'"#)
            try connection.execute(#"UPDATE youfan_collocations SET item = 'broken' WHERE info_id = '7'"#)
            try YoufanSpecialRepository.saveSpecial(Array(#"{"id":"s2","img":"2.jpg"}"#.utf8), infoID: "s2", tabID: "",
                                                    recency: 2, in: connection)
            try YoufanSpecialRepository.saveSpecial(Array(#"{"id":"s3","title":"t"}"#.utf8), infoID: "s3", tabID: "t2",
                                                    recency: 3, in: connection)
        }
        #expect(try thumbnails("1") == #"""
            [{"id":"11","video_url":"v"},{"id":"9","stick_img_url":""},{"id":"8","img":"8.jpg"},broken]
            """#)
        #expect(try topics() == #"[{"id":"s3","title":"t"},{"id":"s2","img":"2.jpg"},{"id":"s1","title":"春\"日\"","img":"i.jpg"}]"#)
    }

    @Test func specialFragmentsGainTheURLAndKeepFollowingEveryWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("special-urls.sqlite")
        do {
            let old = try Database(path: path, migrations: Self.migrations(before: "youfan.018-special-fragments-url"))
            try old.write { connection in
                try connection.execute(#"""
                    INSERT INTO youfan_specials (info_id, tab_id, recency, item) VALUES
                        ('s1', 't1', 1, '{"content":"…","url":"http:\/\/s\/1","id":"s1","img":"1.jpg","title":"一"}'),
                        ('s2', 't1', 2, '{"id":"s2"}'), ('s3', 't1', 3, 'not JSON')
                    """#)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let specials = YoufanSpecialRepository(database: upgraded)
        func fragments() throws -> String {
            String(decoding: try specials.topicFragments(page: YoufanPage(index: 0, size: 10)).json, as: UTF8.self)
        }
        // The url as stored (its escapes kept), after the members youfan.016 kept.
        #expect(try fragments() == #"[not JSON,{"id":"s2"},{"id":"s1","title":"一","img":"1.jpg","url":"http:\/\/s\/1"}]"#)

        try upgraded.write { connection in
            try YoufanSpecialRepository.saveSpecial(Array(#"{"url":"u2","id":"s2"}"#.utf8), infoID: "s2", tabID: "t1",
                                                    recency: 2, in: connection)
            try YoufanSpecialRepository.saveSpecial(Array(#"{"id":"s4","url":"u4","img":"4.jpg"}"#.utf8), infoID: "s4",
                                                    tabID: "t2", recency: 4, in: connection)
            try connection.execute(#"UPDATE youfan_specials SET item = '{"url":null}' WHERE info_id = 's3'"#)
        }
        #expect(try fragments() == #"""
            [{"id":"s4","img":"4.jpg","url":"u4"},{"url":null},{"id":"s2","url":"u2"},{"id":"s1","title":"一","img":"1.jpg","url":"http:\/\/s\/1"}]
            """#)
    }
}
