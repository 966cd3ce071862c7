import APIRoutes
import CaptureFormats
import HTTPServer
import Store
import Testing
import Wire
import TestSupport

/// Captured Youfan responses land in the tables: in their captured positions, once, and only
/// when the capture was a success.
@Suite struct YoufanCaptureMapperTests {
    func record(_ query: String, data: String, status: Int = 200, envelopeStatus: Int = 1,
                path: String = YoufanParameters.shopPath) -> CaptureRecord {
        let body = #"{"status":\#(envelopeStatus),"info":"","data":\#(data)}"#
        return CaptureRecord(method: "GET", url: "http://api.funwear.com\(path)?\(query)", status: status,
                             responseContentType: "application/json", responseBody: Array(body.utf8))
    }

    func answer(_ module: YoufanModule, _ query: String) throws -> JSON {
        let path = YoufanParameters.shopPath
        let response = try #require(module.handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query)))
        return try JSON.parse(response.body)
    }

    func brands(_ codes: ClosedRange<Int>) -> String {
        "[" + codes.map { #"{"brand_code":"B\#($0)","name":"品牌\#($0)","sort":"\#($0)"}"# }.joined(separator: ",") + "]"
    }

    @Test func pagesCapturedOutOfOrderLandInTheirPlaces() throws {
        let seeded = try YoufanSeededDatabase(importSeeds: false)
        let mapper = YoufanCaptureMapper()
        let mapped = try seeded.database.write { connection in
            [try mapper.map(record("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=1&pageSize=3&token=x", data: brands(4...6)), into: connection),
             try mapper.map(record("m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=3", data: brands(1...3)), into: connection)]
        }
        #expect(mapped == [true, true])
        let module = YoufanModule(database: seeded.database)
        let page = try answer(module, "m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0&pageSize=4")
        #expect(page["data"]?.arrayValue?.map { $0["brand_code"]?.stringValue ?? "" } == ["B1", "B2", "B3", "B4"])
        #expect(page["data"]?.arrayValue?.first?["sort"] == "1")   // strings stay strings
    }

    @Test func importingTheSeedsTwiceChangesNothing() async throws {
        let seeded = try await DedicatedThread.run { () throws in try YoufanSeededDatabase() }
        let module = YoufanModule(database: seeded.database)
        let queries = ["m=BrandMb&a=getAppBrandList&cid=2&pageIndex=1&pageSize=30",
                       "m=Product&a=getRecommedProductList&page=4&cid=2",
                       "m=Comment&a=getCommentList&type=2&tid=160300004&page=1",
                       "m=Special&a=getSpecialListForInsp&pageIndex=13&PageSize=10",
                       "m=Product&a=ProductFilter&prodClsIdList=160300010"]
        let before = try queries.map { try answer(module, $0) }
        let database = seeded.database
        #expect(try await DedicatedThread.run { () throws in try YoufanSeededDatabase.importSeeds(into: database) }
                == seeded.mappedRecords)
        let after = try queries.map { try answer(module, $0) }
        #expect(before == after)
        #expect(before[3]["data"]?["total"] == "121" && before[3]["data"]?["list"]?.arrayValue?.count == 1)
        #expect(before[0]["data"]?.arrayValue?.count == 5 && before[1]["data"]?["productList"]?.arrayValue?.count == 20)
        #expect(before[4]["isSuccess"] == 1 && before[4]["results"]?.arrayValue?.isEmpty == false)
    }

    @Test func failuresAndForeignRecordsAreNotMapped() throws {
        let seeded = try YoufanSeededDatabase(importSeeds: false)
        let mapper = YoufanCaptureMapper()
        let detail = #"{"clsInfo":{"code":"X1"}}"#
        let records = [record("m=Product&a=getProductDetails&code=X1", data: detail, status: 500),
                       record("m=Product&a=getProductDetails&code=X1", data: detail, envelopeStatus: 0),
                       record("m=Search&a=getHotWords", data: "[]"),
                       record("m=Product&a=getProductDetails&code=X1", data: detail, path: "/app/templates"),
                       record("m=Home&a=getAppHotLayout", data: "{}")]   // no cid: cannot be filed
        let mapped = try seeded.database.write { connection in
            try records.map { try mapper.map($0, into: connection) }
        }
        #expect(mapped == [false, false, false, false, false])
        let module = YoufanModule(database: seeded.database)
        #expect(try answer(module, "m=Product&a=getProductDetails&code=X1")["status"] == -100)
    }

    @Test func aDetailCaptureAddsThatProduct() throws {
        let seeded = try YoufanSeededDatabase(importSeeds: false)
        let mapper = YoufanCaptureMapper()
        try seeded.database.write { connection in
            _ = try mapper.map(record("m=Product&a=getProductDetails&code=X1",
                                      data: #"{"clsInfo":{"code":"X1","sale_price":"88.00"},"isFavorite":0}"#), into: connection)
        }
        let module = YoufanModule(database: seeded.database)
        let json = try answer(module, "m=Product&a=getProductDetails&code=X1&deviceId=abc")
        #expect(json["data"]?["clsInfo"]?["sale_price"] == "88.00" && json["data"]?["isFavorite"] == 0)
        #expect(try answer(module, "m=Product&a=getProductConsultList&code=X1")["data"]?["sys"] == [])
    }

    /// Strings are re-encoded as plain UTF-8; numbers keep the text the capture wrote (`4.50`).
    @Test func escapedChineseFromPHPComesBackAsPlainUTF8_andNumbersAsWritten() throws {
        let seeded = try YoufanSeededDatabase(importSeeds: false)
        let mapper = YoufanCaptureMapper()
        let page = #"[{"brand_code":"B1","name":"\u592a\u5e73\u9e1f","sort":"1","score":4.50}]"#
        _ = try seeded.database.write { connection in
            try mapper.map(record("m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=30", data: page), into: connection)
        }
        let path = YoufanParameters.shopPath
        let query = "m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&pageSize=30"
        let response = try #require(YoufanModule(database: seeded.database)
            .handle(HTTPRequest(method: .GET, target: "\(path)?\(query)", path: path, query: query)))
        #expect(String(decoding: response.body, as: UTF8.self)
                == #"{"status":1,"info":"","data":[{"brand_code":"B1","name":"太平鸟","sort":"1","score":4.50}]}"#)
    }
}
