import Testing
@testable import Store
import TestSupport

/// A database made before `youfan.007-clustered-pages` keeps its brands and comments, in order.
@Suite struct YoufanMigrationTests {
    @Test func clusteringThePagesKeepsEveryRowInOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let before = Array(YoufanSchema.migrations.prefix { $0.name != "youfan.007-clustered-pages" })
        #expect(before.count == YoufanSchema.migrations.count - 1)
        do {
            let old = try Database(path: path, migrations: before)
            try old.write { connection in
                for (position, code) in ["B2", "B1", "B3"].enumerated() {
                    try connection.execute("INSERT INTO youfan_brands (cid, brand_code, position, item) VALUES (1, ?, ?, ?)",
                                           [.text(code), SQLValue(position), .text(#"{"brand_code":"\#(code)"}"#)])
                }
                try connection.execute("""
                    INSERT INTO youfan_comments (type, tid, comment_id, position, item) VALUES ('2', 'P1', 'c9', 0, '{"cl_id":"c9"}')
                    """)
            }
        }
        let upgraded = try Database(path: path, migrations: YoufanSchema.migrations)
        let brands = try YoufanBrandRepository(database: upgraded).brands(cid: 1, page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: brands.json, as: UTF8.self)
                == #"[{"brand_code":"B2"},{"brand_code":"B1"},{"brand_code":"B3"}]"#)
        let comments = try YoufanCommentRepository(database: upgraded).comments(type: "2", tid: "P1", page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: comments.json, as: UTF8.self) == #"[{"cl_id":"c9"}]"#)

        try upgraded.write { connection in   // re-saving moves the brand instead of duplicating it
            try YoufanBrandRepository.saveBrand(Array(#"{"brand_code":"B2"}"#.utf8), code: "B2", cid: 1, position: 9, in: connection)
        }
        let moved = try YoufanBrandRepository(database: upgraded).brands(cid: 1, page: YoufanPage(index: 0, size: 10))
        #expect(String(decoding: moved.json, as: UTF8.self)
                == #"[{"brand_code":"B1"},{"brand_code":"B3"},{"brand_code":"B2"}]"#)
    }
}
