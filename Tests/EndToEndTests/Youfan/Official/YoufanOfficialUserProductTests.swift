import Foundation
import Testing
import TestSupport
import Wire

/// Products a user uploads as the official app sends them (MB `Unico/SMine/SMIneAddProductViewController.mm`
/// posts the tags with the token, `SMineProductViewController.m` GETs the list with `pageIndex`
/// from 1, `SNoneProductDetailViewController.m` posts `pid` without a token): each user lists
/// only their own, only the owner retags one, and a malformed call changes nothing.
@Suite struct YoufanOfficialUserProductTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    static func tags(_ image: String, brand: String = "B1002") -> [(String, String)] {
        [("product_img", "http://img.funwear.com/upload/\(image).jpg"), ("cate_id", "209"), ("cate_value", "短袖T恤"),
         ("color_code", "05"), ("color_value", "藏青"), ("brand_code", brand), ("brand_value", "马克华菲")]
    }

    @Test func anUploadedProductIsListedBackAndShownById() async throws {
        let ownerID = YoufanOfficialJourneyTests.newUserID()
        let owner = try await app.signedIn(userID: ownerID, nickName: "晒单")
        let first = try await owner.post("Product", "uploadUserProduct", Self.tags("first"))
        #expect(first.status == 1 && first.list.first?["product_img"] == "http://img.funwear.com/upload/first.jpg")
        _ = try await owner.post("Product", "uploadUserProduct", Self.tags("second"))

        let listed = try await owner.get("Product", "getUserProductListByCategory", [("pageIndex", "1"), ("pageSize", "20")])
        #expect(listed.json["isSuccess"] == 1 && listed.json["total"] == 2)
        #expect(listed.results.map { $0["product_img"]?.stringValue ?? "" }
            == ["http://img.funwear.com/upload/second.jpg", "http://img.funwear.com/upload/first.jpg"], "newest first")
        let row = try #require(listed.results.last)
        for key in ["id", "user_id", "product_img", "product_code", "cate_id", "cate_value", "color_code", "color_value",
                    "brand_code", "brand_value", "create_time", "is_delete"] {
            #expect(row[key]?.stringValue != nil, "\(key) is text in \(row.encodedString())")
        }
        #expect(row["user_id"]?.stringValue == ownerID && row["brand_code"] == "B1002")
        let second = try await owner.get("Product", "getUserProductListByCategory", [("pageIndex", "2"), ("pageSize", "1")])
        #expect(second.results.count == 1 && second.results.first?["id"] == row["id"])

        let id = try #require(row["id"]?.stringValue)
        var anonymous = app
        anonymous.token = ""
        let detail = try await anonymous.post("Product", "getUserProductDetailsById", [("pid", id)])
        #expect(detail.status == 1 && detail.data?["id"]?.stringValue == id && detail.data?["product_total"] == "2")
        #expect(detail.data?["color_value"] == "藏青" && detail.data?["collocation_total"] == "0")
    }

    @Test func onlyTheOwnerListsOrRetagsAProduct() async throws {
        let owner = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "主人")
        let other = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "路人")
        let uploaded = try await owner.post("Product", "uploadUserProduct", Self.tags("mine"))
        let id = try #require(uploaded.list.first?["id"]?.stringValue)
        #expect(try await other.get("Product", "getUserProductListByCategory", [("pageIndex", "1")]).results.isEmpty)

        let stolen = try await other.post("Product", "uploadUserProduct", Self.tags("stolen", brand: "B1001") + [("update_id", id)])
        #expect(stolen.status == -100 && stolen.info == "参数错误: product \(id) 不存在")
        let retagged = try await owner.post("Product", "uploadUserProduct", Self.tags("mine", brand: "B1001") + [("update_id", id)])
        #expect(retagged.status == 1)
        let listed = try await owner.get("Product", "getUserProductListByCategory", [("pageIndex", "1")])
        #expect(listed.results.count == 1 && listed.results.first?["brand_code"] == "B1001", "retagged, not copied")
    }

    @Test func malformedUploadsAreRefusedAndServingGoesOn() async throws {
        let owner = try await app.signedIn(userID: YoufanOfficialJourneyTests.newUserID(), nickName: "稳")
        _ = try await owner.post("Product", "uploadUserProduct", Self.tags("kept"))
        let missing = try await owner.post("Product", "uploadUserProduct", [("cate_id", "209")])
        #expect(missing.httpStatus == 200 && missing.status == -100 && missing.info == "参数错误或者未定义:product_img")
        var signedOut = owner
        signedOut.token = ""
        let anonymous = try await signedOut.post("Product", "uploadUserProduct", Self.tags("anonymous"))
        #expect(anonymous.status == -103 && anonymous.info == "token错误")
        let unknown = try await owner.post("Product", "getUserProductDetailsById", [("pid", "abc")])
        #expect(unknown.status == -100 && unknown.info == "参数错误: pid=abc 不存在")
        let listed = try await owner.get("Product", "getUserProductListByCategory", [("pageIndex", "1")])
        #expect(listed.results.map { $0["product_img"]?.stringValue } == ["http://img.funwear.com/upload/kept.jpg"])
    }
}
