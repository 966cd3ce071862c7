import Foundation
import Testing
import APIRoutes
import Wire
import TestSupport

/// Form, JSON, query and multipart parameters; the three token carriers; UTF-8 content;
/// HTTP-level errors (404, 405, 400) in the Maka envelope; and a server that keeps serving.
@Suite struct MakaRequestFormatTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer()
        client = MakaClient(server: server)
    }

    @Test func jsonBodiesQueryParametersAndMultipartAllWork() async throws {
        let json = try await client.send("POST", "/app/user/register",
                                         json: #"{"email":"json@maka.im","password":"secret123"}"#)
        #expect(json.code == 200)
        let token = try #require(json.data["token"]?.stringValue)
        let uid = try #require(json.data["uid"]?.intValue)

        let query = try await client.send("POST", "/app/user/login?email=json%40maka.im&password=secret123")
        #expect(query.code == 200, "parameters in the query string of a POST")

        let several = try await client.send("PUT", "/app/user/\(uid)",
                                            json: #"{"nickname":"小鱼儿🐟","province":"上海","city":"上海","company":"爱画画工作室"}"#,
                                            token: token, via: .header)
        #expect(several.code == 200, "\(several.text)")
        #expect(several.data["company"]?.stringValue == "爱画画工作室")
        #expect(several.data["nickname"]?.stringValue == "小鱼儿🐟")

        let boundary = "----MakaBoundary7MA4YWxkTrZu0gW"
        let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n毕业季 · 青春不散场\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"pages\"\r\n\r\n[{\"index\":1,\"elements\":[]}]\r\n--\(boundary)--\r\n"
        let created = try await client.send("POST", "/app/event", token: token, via: .parameter,
                                            headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                                            bodyOverride: Data(multipart.utf8))
        #expect(created.code == 200, "\(created.text)")
        #expect(created.data["title"]?.stringValue == "毕业季 · 青春不散场")
        #expect(created.data["pageCount"]?.intValue == 1)

        let pages = ##"[{"index":1,"background":{"color":"#FFF","image":"http://img.maka.im/a.jpg"},"elements":[{"type":"text","content":"我们结婚啦 \"引号\" / 斜杠"}]}]"##
        let jsonEvent = try await client.send("POST", "/app/event",
                                              json: #"{"title":"婚礼 💍 请柬","pages":\#(pages),"firstImgUrl":"https://img.maka.im/c.jpg"}"#,
                                              token: token)
        #expect(jsonEvent.code == 200, "\(jsonEvent.text)")
        #expect(jsonEvent.data["pdata"]?["json"] == (try JSON.parse(pages)), "pages come back as sent, in pdata")
        #expect(jsonEvent.text.contains("我们结婚啦"), "Chinese is not escaped")
        #expect(jsonEvent.text.contains("婚礼 💍 请柬"))
    }

    @Test func theTokenIsAcceptedFromAllThreeCarriers() async throws {
        let user = try await client.register("carrier@maka.im")
        for carrier in [TokenCarrier.bearer, .header, .parameter] {
            let reply = try await client.get("/app/events", token: user.token, via: carrier)
            #expect(reply.code == 200, "\(carrier)")
            let created = try await client.send("POST", "/app/event", form: [("title", "\(carrier)")], token: user.token, via: carrier)
            #expect(created.code == 200, "\(carrier)")
        }
        let basic = try await client.send("GET", "/app/events", headers: ["Authorization": "Basic \(user.token)"])
        #expect(basic.code == 401, "only Bearer counts in Authorization")
    }

    @Test func unknownPathsAndWrongMethodsAreHTTPErrorsInTheMakaEnvelope() async throws {
        let missing = try await client.get("/app/nothing-here")
        #expect(missing.status == 404)
        #expect(missing.code == 404)
        #expect(missing.contentType == "application/json; charset=utf-8")

        let cases: [(String, String, String)] = [
            ("DELETE", "/app/event/1", "PUT, POST"), ("GET", "/app/event", "POST"), ("POST", "/app/publicEvents", "GET"),
            ("GET", "/app/user/login", "POST"), ("PUT", "/app/user/register", "POST"), ("GET", "/app/user/forgetpassword", "POST"),
            ("DELETE", "/app/user/10001", "GET"),
        ]
        for (method, path, allowed) in cases {
            let reply = try await client.send(method, path)
            #expect(reply.status == 405, "\(method) \(path)")
            #expect(reply.code == 405, "\(method) \(path)")
            let allow = reply.headers.first { $0.key.lowercased() == "allow" }?.value ?? ""
            for method in allowed.components(separatedBy: ", ") {
                #expect(allow.contains(method), "\(path): Allow \(allow)")
            }
        }
    }

    @Test func undecodableParametersAre400AndChangeNothing() async throws {
        let port = server.port
        let badPercent = try await RawHTTPClient.exchangeUntilClose(port: port, "GET", "/app/publicEvents?page=%zz", timeout: 10)
        #expect(badPercent.status == 400)
        #expect(badPercent.text.contains("\"code\":400"))
        #expect(badPercent.text.contains("percent-encoding"))
        #expect(badPercent.headers["content-type"] == "application/json; charset=utf-8")

        let badUTF8 = try await RawHTTPClient.exchangeUntilClose(
            port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("email=x%40maka.im&password=".utf8) + [0xC3, 0x28, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66], timeout: 10)
        #expect(badUTF8.status == 400)
        #expect(badUTF8.text.contains("\"code\":400"))
        #expect(badUTF8.text.contains("UTF-8"))

        let badJSON = try await RawHTTPClient.exchangeUntilClose(
            port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/json")],
            body: Array(#"{"email":"y@maka.im","password":"#.utf8), timeout: 10)
        #expect(badJSON.status == 400)
        #expect(badJSON.text.contains("\"code\":400"))
        #expect(badJSON.text.contains("\"data\":null"))
        #expect(badJSON.text.contains("JSON"))

        let notAnObject = try await RawHTTPClient.exchangeUntilClose(
            port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/json")],
            body: Array(#"["y@maka.im","secret123"]"#.utf8), timeout: 10)
        #expect(notAnObject.status == 400)
        #expect(notAnObject.text.contains("object"))

        let after = try await RawHTTPClient.exchangeUntilClose(
            port: port, "POST", "/app/user/register", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("email=y%40maka.im&password=secret123".utf8), timeout: 10)
        #expect(after.status == 200)
        #expect(after.text.contains("\"uid\":10001"), "nothing was written by the refused requests: \(after.text)")
    }
}
