import Testing
import TestSupport
import Wire

/// The fitting room's 加入购物车 (MB `UI/V2UI/FittingRoom/FittingRoomViewController.m`): the
/// selected clothes go to `MBShoppingGuideInterface requestPostUrlName:@"ShoppingCartCreateList"`,
/// which `MBServiceMapping.txt` files under `WXSC_Order` and `quickPost` sends as `m=Order` with no
/// token, each `lstCreateDto` entry naming the user; a failure's `message` is read as `<id>;<text>`.
@Suite struct YoufanOfficialFittingRoomCartTests {
    let app: YoufanOfficialApp

    init() async throws { app = try await YoufanOfficialApp.onSharedServer() }

    /// One entry as the fitting room builds it.
    static func entry(_ productID: String, qty: String = "1", userID: String) -> String {
        #"{"proD_ID":"\#(productID)","source":"2","qty":"\#(qty)","userId":"\#(userID)","sharE_SELLER_ID":"","collocatioN_ID":"","designerId":"","designerName":""}"#
    }

    func add(_ entries: [String]) async throws -> YoufanAppClient.Answer {
        try await app.postWithoutToken("Order", "ShoppingCartCreateList", [("lstCreateDto", "[\(entries.joined(separator: ","))]")])
    }

    func cart(_ user: YoufanOfficialApp) async throws -> [String: Int] {
        let lines = try await user.get("Cart", "ShoppingCartFilter").results
        return Dictionary(uniqueKeysWithValues: lines.map {
            ($0["cartInfo"]?["barcode"]?.stringValue ?? "", $0["cartInfo"]?["qty"]?.intValue ?? 0)
        })
    }

    @Test func eachProductIdAddsTheBarcodeTheProductScreenWouldPreselect() async throws {
        let (userID, user) = try await app.newUser("试衣间")
        let added = try await add([Self.entry("160300441", qty: "2", userID: userID),
                                   Self.entry("16030015922", userID: userID),
                                   Self.entry("32015906", userID: userID)])
        #expect(added.httpStatus == 200 && added.json["isSuccess"] == 1, "\(added.json.encodedString())")
        #expect(try await cart(user) == ["1603004410101": 2, "1603001592201": 1, "1603001592700": 1],
                "a product and a colour skip their sold-out first size; a stock row's id is that row")

        #expect(try await add([Self.entry("160300441", userID: userID)]).json["isSuccess"] == 1)
        #expect(try await cart(user)["1603004410101"] == 3, "the same product again adds to its line")
        let line = try #require(try await user.get("Cart", "ShoppingCartFilter").results.first {
            $0["cartInfo"]?["barcode"] == "1603004410101" })
        #expect(line["proudctList"]?["productInfo"]?["proD_CLS_NUM"] == "160300441" && line["platFormInfo"]?["proD_ID"] == "32044101")
    }

    @Test func unknownSoldOutAndUnnamedProductsAreRefusedAndTheCartIsKept() async throws {
        let (userID, user) = try await app.newUser("试穿")
        #expect(try await add([Self.entry("1603004680101", userID: userID)]).json["isSuccess"] == 1, "a barcode is its row")
        let kept = ["1603004680101": 1]

        let unknown = try await add([Self.entry("160300468", userID: userID), Self.entry("999999999", userID: userID)])
        #expect(unknown.httpStatus == 200 && unknown.json["isSuccess"] == 0 && unknown.json["message"] == "999999999;商品不存在",
                "\(unknown.json.encodedString())")
        let soldOut = try await add([Self.entry("160300085", userID: userID)])
        #expect(soldOut.json["isSuccess"] == 0 && soldOut.json["message"] == "1603000850100;库存不足, 仅剩 0 件",
                "nothing in stock: the first row is refused: \(soldOut.json.encodedString())")
        let tooMany = try await add([Self.entry("160300468", qty: "9999", userID: userID)])
        #expect(tooMany.json["isSuccess"] == 0 && tooMany.json["message"]?.stringValue?.hasPrefix("1603004680101;库存不足") == true)
        let unnamed = try await add([#"{"source":"2","qty":"1","userId":"\#(userID)"}"#])
        #expect(unnamed.json["isSuccess"] == 0 && unnamed.json["message"] == "参数错误或者未定义:proD_ID")
        let nobody = try await add([Self.entry("160300468", userID: "404404")])
        #expect(nobody.json["isSuccess"] == 0 && nobody.json["message"] == "查无此用户")
        let notJSON = try await app.postWithoutToken("Order", "ShoppingCartCreateList", [("lstCreateDto", "[{")])
        #expect(notJSON.httpStatus == 200 && notJSON.json["isSuccess"] == 0
                    && notJSON.json["message"] == "参数错误: lstCreateDto 不是合法的 JSON", "\(notJSON.json.encodedString())")

        #expect(try await cart(user) == kept, "no refused call added anything")
        #expect(try await add([Self.entry("160300468", userID: userID)]).json["isSuccess"] == 1, "the server keeps serving")
        #expect(try await cart(user) == ["1603004680101": 2])
    }
}
