import Testing
import Wire

/// Every request `lvzx/qitu2` (QT) sends, in the order its screens send them, byte for byte as
/// its `QTAPIClient` (AFNetworking 3, base `http://api.maka.im/`) puts them on the wire, with
/// every field its MJExtension models and dictionary reads take checked for the JSON type they
/// need (WIRE.md §4.4, §4.5):
///
/// | screen | request | reads |
/// |---|---|---|
/// | `LoginVC.m` | `POST app/user/login`, multipart `email`, `password`, `timestamp` | `data.token`, `data.uid`, `UserInfoItem` |
/// | `BuyTemplateMainVC.m`, `CreatorMainVC.m` | `GET app/categoryApp?timestamp=` | `data[]` → `CategoryItem {ID ← id, name}` |
/// | `QTBuyMainView.m`, `BuyTemplateContentVC.m` | `GET api/storeTemplates` `cateId`, `pageNumber` 0, 1…, `perPage=20`, `timestamp` | `data.dataList[]` → `StoreTemplateItem` |
/// | `PersonalInfoVC.m`, `SettingsVC.m` | `GET app/user/{uid}` `timestamp`, `token`, `uid` | `data` → `UserDetailItem` |
/// | `TemplatePreviewVC.m` | `GET app/buyTemplate/status/{id}` `templateId`, `timestamp`, `token`, `uid` | `data.status` `boolValue` |
@Suite struct MakaQTRequestCoverageTests {
    static let timestamp = "1458616475750"

    @Test func everyRequestOfQTIsAnsweredInTheShapeItsCodeReads() async throws {
        let server = try await MakaTestServer(seeded: true)
        let port = server.port

        let login = try await MakaWireRequest.multipart(
            "/app/user/login",
            [("email", MakaLoginWireTests.qtEmail), ("password", MakaLoginWireTests.qtPassword), ("timestamp", Self.timestamp)],
            headers: MakaWireRequest.qtHeaders
        ).send(to: port)
        #expect(login.isSuccess, "\(login.text)")
        let token = try #require(login.data["token"]?.stringValue)
        let uid = try #require(login.data["uid"]?.intValue)
        #expect(login.data["uid"]?.isWireInteger == true, "QT: [data[@\"uid\"] integerValue]")
        for key in ["email", "nickname", "thumb"] { #expect(login.data[key]?.isWireString == true, "UserInfoItem.\(key)") }
        for key in ["accountBalance", "level", "templateNumber"] {
            #expect(login.data[key]?.isWireInteger == true, "UserInfoItem.\(key)")
        }
        #expect(!login.data.containsNull, "LoginVC stores data in NSUserDefaults, which refuses NSNull")

        let categories = try await MakaWireRequest.get(
            "/app/categoryApp", [("timestamp", Self.timestamp)], headers: MakaWireRequest.qtHeaders
        ).send(to: port)
        #expect(categories.isSuccess, "\(categories.text)")
        let categoryIDs = (categories.data.arrayValue ?? []).compactMap { item -> Int? in
            #expect(item["id"]?.isWireInteger == true, "CategoryItem.ID is an NSInteger")
            #expect(item["name"]?.stringValue?.isEmpty == false, "CategoryItem.name")
            return item["id"]?.intValue
        }
        #expect(categoryIDs.count >= 2, "the store shows one tab per category")

        var templateIDs: [String] = []
        for category in categoryIDs {
            for page in 0...1 {
                let answer = try await MakaWireRequest.get(
                    "/api/storeTemplates",
                    [("cateId", "\(category)"), ("pageNumber", "\(page)"), ("perPage", "20"), ("timestamp", Self.timestamp)],
                    headers: MakaWireRequest.qtHeaders
                ).send(to: port)
                #expect(answer.isSuccess, "\(answer.text)")
                let list = try #require(answer.data["dataList"]?.arrayValue, "QT reads data.dataList")
                if page == 0 { #expect(list.count == 20, "category \(category) fills its first page") }
                list.forEach { MakaStoreRouteTests.expectStoreItem($0) }
                templateIDs += list.compactMap { $0["id"]?.stringValue }
            }
        }
        #expect(Set(templateIDs).count == templateIDs.count, "pages of a category never repeat a template")

        let detail = try await MakaWireRequest.get(
            "/app/user/\(uid)", [("timestamp", Self.timestamp), ("token", token), ("uid", "\(uid)")],
            headers: MakaWireRequest.qtHeaders
        ).send(to: port)
        #expect(detail.isSuccess, "\(detail.text)")
        MakaLoginWireTests.expectQTUser(detail.data, owner: true)

        for templateID in ["T_6QE7W9IW", templateIDs[0], templateIDs[templateIDs.count - 1]] {
            let status = try await MakaWireRequest.get(
                "/app/buyTemplate/status/\(templateID)",
                [("templateId", templateID), ("timestamp", Self.timestamp), ("token", token), ("uid", "\(uid)")],
                headers: MakaWireRequest.qtHeaders
            ).send(to: port)
            #expect(status.isSuccess, "\(status.text)")
            guard case .bool = status.data["status"] else {
                Issue.record("status is a JSON boolean (boolValue → TempAdmode): \(status.text)")
                continue
            }
        }
        await server.stop()
    }
}
