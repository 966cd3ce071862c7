import Wire
import HTTPServer
import Testing
@testable import APIRoutes
import Store

@Suite struct CaptureReplayerTests {
    let fixture: CaptureFixture
    let importer: CaptureImporter

    init() throws {
        fixture = try CaptureFixture()
        importer = CaptureImporter(repository: fixture.repository, mappers: [])
        _ = try importer.importDocument(Array(CaptureFixture.har.utf8), name: "a.har")
        _ = try importer.importDocument(Array(CaptureFixture.captureJSON.utf8), name: "b.json")
    }

    private func request(_ method: HTTPMethod, _ target: String, body: String = "", type: String? = nil) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1)
        var headers = HTTPHeaders()
        if let type { headers.add(name: "Content-Type", value: type) }
        return HTTPRequest(method: method, target: target, path: String(parts[0]),
                           query: parts.count > 1 ? String(parts[1]) : nil, headers: headers, body: Array(body.utf8))
    }

    @Test func replaysStatusContentTypeAndBodyBytesExactly() throws {
        let replayer = CaptureReplayer(repository: fixture.repository)
        let brands = try #require(try replayer.response(for: request(.GET, "/mbfun_server/index.php?deviceId=ZZ&cid=1&pageIndex=0&a=getAppBrandList&m=BrandMb&version=3.1")))
        #expect(brands.status.code == 200)
        #expect(brands.headers["content-type"] == "text/html; charset=utf-8")
        #expect(brands.body == Array(#"{"status":1,"info":"","data":[{"name":"太平鸟"}]}"#.utf8))

        let image = try #require(try replayer.response(for: request(.HEAD, "/logo.png")))
        #expect(image.headers["content-type"] == "image/png")
        #expect(image.body == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        let login = try #require(try replayer.response(for: request(.POST, "/app/user/login", body: #"{"email":"a@b.cn","password":"x"}"#, type: "application/json")))
        #expect(login.headers["content-type"] == "application/json; charset=utf-8")
        #expect(login.body == Array(#"{"code":200,"msg":"ok","data":{"uid":1}}"#.utf8))
    }

    @Test func youfanVolatileParametersAreIgnoredOnlyUnderYoufanPaths() throws {
        let pages = [
            #"{"request":{"method":"GET","url":"/mbfun_server/index.php?m=Home&a=x&deviceId=A"},"response":{"status":200,"body":{"api":"youfan"}}}"#,
            #"{"request":{"method":"GET","url":"/app/template/list?page=1&deviceId=A"},"response":{"status":200,"body":{"api":"maka"}}}"#,
        ]
        _ = try importer.importDocument(Array("[\(pages.joined(separator: ","))]".utf8), name: "volatile.json")
        let replayer = CaptureReplayer(repository: fixture.repository)
        let youfan = try replayer.response(for: request(.GET, "/mbfun_server/index.php?m=Home&a=x&deviceId=B"))
        #expect(youfan.map { String(decoding: $0.body, as: UTF8.self) } == #"{"api":"youfan"}"#)
        #expect(try replayer.response(for: request(.GET, "/app/template/list?page=1&deviceId=B")) == nil)
        #expect(try replayer.response(for: request(.GET, "/app/template/list?page=1&deviceId=A")) != nil)
    }

    @Test func multipartBodiesMatchByTheirFields_asRoutingReadsThem() throws {
        let body = "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n有范\r\n--B--\r\n"
        let capture: JSON = [
            "request": ["method": "POST", "url": "/app/upload", "headers": ["Content-Type": "multipart/form-data; boundary=B"], "body": .string(body)],
            "response": ["status": 201, "body": ["ok": 1]],
        ]
        _ = try importer.importDocument(capture.encoded(), name: "upload.json")
        let replayer = CaptureReplayer(repository: fixture.repository)
        let sameFields = body.replacingOccurrences(of: "B", with: "Other")
        #expect(try replayer.response(for: request(.POST, "/app/upload", body: sameFields, type: "multipart/form-data; boundary=Other"))?.status.code == 201)
        let otherTitle = sameFields.replacingOccurrences(of: "有范", with: "x")
        #expect(try replayer.response(for: request(.POST, "/app/upload", body: otherTitle, type: "multipart/form-data; boundary=Other")) == nil)
    }

    @Test func unmatchedRequestGetsNoResponseButANearMissHint() throws {
        let replayer = CaptureReplayer(repository: fixture.repository)
        let miss = request(.GET, "/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&cid=2&pageIndex=0")
        #expect(try replayer.response(for: miss) == nil)
        #expect(try replayer.nearMissHint(for: miss)
                == "GET /mbfun_server/index.php?a=getAppBrandList&cid=1&m=BrandMb&pageIndex=0 (cid is 1 in the capture, 2 here)")
        #expect(try replayer.nearMissHint(for: request(.GET, "/never/captured")) == nil)
    }

    @Test func sequenceModeWalksThroughRepeatedCaptures() throws {
        let pages = (1...3).map { index in
            #"{"request":{"method":"GET","url":"/app/feed"},"response":{"status":200,"body":{"page":\#(index)}}}"#
        }
        _ = try importer.importDocument(Array("[\(pages.joined(separator: ","))]".utf8), name: "feed.json")
        let sequence = CaptureReplayer(repository: fixture.repository, sequence: true)
        let bodies = try (0..<4).map { _ in try sequence.response(for: request(.GET, "/app/feed")).map { String(decoding: $0.body, as: UTF8.self) } }
        #expect(bodies == [#"{"page":1}"#, #"{"page":2}"#, #"{"page":3}"#, #"{"page":3}"#])
        let latest = CaptureReplayer(repository: fixture.repository)
        #expect(try latest.response(for: request(.GET, "/app/feed")).map { String(decoding: $0.body, as: UTF8.self) } == #"{"page":3}"#)
    }
}
