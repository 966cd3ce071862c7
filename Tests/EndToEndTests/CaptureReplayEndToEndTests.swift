import Wire
import APIRoutes
import Foundation
import HTTPServer
import Store
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// Capture replay, near-miss 404s and `POST /__admin/import` through the real server on a
/// loopback port, with URLSession as the client.
@Suite struct CaptureReplayEndToEndTests {
    static let har = #"""
    {"log": {"version": "1.2", "entries": [
      {"request": {"method": "GET", "url": "http://api.ibanggo.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&cid=1&pageIndex=0&deviceId=A1", "headers": []},
       "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                    "content": {"mimeType": "text/html", "text": "{\"status\":1,\"info\":\"\",\"data\":[{\"name\":\"太平鸟\"}]}"}}},
      {"request": {"method": "GET", "url": "https://img.example.com/static/logo.png", "headers": []},
       "response": {"status": 200, "headers": [], "content": {"mimeType": "image/png", "encoding": "base64", "text": "iVBORw0KGgoAAAANSUhEUg=="}}},
      {"request": {"method": "GET", "url": "/app/gone", "headers": []},
       "response": {"status": 410, "headers": [{"name": "Content-Type", "value": "application/json"}],
                    "content": {"text": "{\"code\":410,\"msg\":\"已下线\"}"}}}
    ]}}
    """#

    /// The assembled server with no API modules, so capture replay answers everything it can.
    final class Running {
        let directory: TemporaryDirectory
        let server: AssembledServer
        var base: String { server.baseURL }
        var repository: CaptureRepository { server.assembly.store.captures }

        init(sequence: Bool = false) async throws {
            directory = try TemporaryDirectory("replay")
            server = try await AssembledServer.start(
                MockServerConfiguration(databasePath: directory.path("db.sqlite"), replaySequence: sequence),
                modules: { _ in [] })
            _ = try server.assembly.store.importer.importDocument(Array(CaptureReplayEndToEndTests.har.utf8),
                                                                  name: "fixture.har")
        }

        func fetch(_ path: String, method: String = "GET", body: String? = nil) async throws -> (HTTPURLResponse, [UInt8]) {
            var request = URLRequest(url: URL(string: base + path)!)
            request.httpMethod = method
            request.httpBody = body.map { Data($0.utf8) }
            // The admin API refuses the form type URLSession would otherwise declare.
            if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
            request.timeoutInterval = 10
            let (data, response) = try await URLSession.shared.data(for: request)
            return (try #require(response as? HTTPURLResponse), Array(data))
        }
    }

    @Test func replaysCapturedStatusContentTypeAndBytes() async throws {
        let running = try await Running()
        let (brands, brandBody) = try await running.fetch(
            "/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&pageIndex=0&cid=1&deviceId=OTHER&version=3.2")
        #expect(brands.statusCode == 200)
        #expect(brands.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(brandBody == Array(#"{"status":1,"info":"","data":[{"name":"太平鸟"}]}"#.utf8))

        let (logo, logoBody) = try await running.fetch("/static/logo.png")
        #expect(logo.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(logoBody == Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUg==")!))

        let (gone, goneBody) = try await running.fetch("/app/gone")
        #expect(gone.statusCode == 410)
        #expect(goneBody == Array(#"{"code":410,"msg":"已下线"}"#.utf8))
    }

    @Test func replaySequenceWalksThroughRepeatedCapturesOverTheWire() async throws {
        let running = try await Running(sequence: true)
        let pages = (1...3).map { #"{"request":{"method":"GET","url":"/mbfun_server/index.php?m=Poll&a=next&deviceId=\#($0)"},"response":{"status":200,"body":{"n":\#($0)}}}"# }
        let (imported, _) = try await running.fetch("/__admin/import", method: "POST", body: "[\(pages.joined(separator: ","))]")
        #expect(imported.statusCode == 200)
        var bodies: [String] = []
        for _ in 0..<4 {
            bodies.append(String(decoding: try await running.fetch("/mbfun_server/index.php?m=Poll&a=next").1, as: UTF8.self))
        }
        #expect(bodies == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#, #"{"n":3}"#])
    }

    @Test func unmatchedRequestIs404InTheAPIEnvelopeWithANearMissHint() async throws {
        let running = try await Running()
        let (response, body) = try await running.fetch("/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&pageIndex=0&cid=2")
        #expect(response.statusCode == 404)
        let json = try JSON.parse(body)
        #expect(json["status"] == 0)
        let info = json["info"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
        #expect(info.contains("closest captured request: GET /mbfun_server/index.php?a=getAppBrandList&cid=1&m=BrandMb&pageIndex=0 (cid is 1 in the capture, 2 here)"))
    }

    @Test func adminImportRefusesMalformedInputWritesNothingAndKeepsServing() async throws {
        let running = try await Running()
        let before = try running.repository.count()
        let malformed = #"{"log":{"entries":[{"request":{"method":"GET","url":"/new"},"response":{"status":200,"content":{"text":"ok"}}},{"request":{"method":"GET","url":"/x"}}]}}"#
        let (refused, refusedBody) = try await running.fetch("/__admin/import?name=upload.har", method: "POST", body: malformed)
        #expect(refused.statusCode == 400)
        #expect(refused.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(try JSON.parse(refusedBody)["error"]?["message"] == "nothing imported: upload.har: entry 1: response is missing")
        #expect(try running.repository.count() == before)
        #expect(try await running.fetch("/new").0.statusCode == 404)

        let valid = #"{"request":{"method":"GET","url":"/new"},"response":{"status":200,"body":{"fresh":true}}}"#
        let (accepted, acceptedBody) = try await running.fetch("/__admin/import", method: "POST", body: valid)
        #expect(accepted.statusCode == 200)
        #expect(try JSON.parse(acceptedBody) == ["files": 1, "read": 1, "new": 1, "unchanged": 0, "routed": 0,
                                                     "replayOnly": 1, "tables": [:], "refused": []])
        let (fresh, freshBody) = try await running.fetch("/new")
        #expect(fresh.statusCode == 200)
        #expect(freshBody == Array(#"{"fresh":true}"#.utf8))
        #expect(try await running.fetch("/app/gone").0.statusCode == 410)
    }
}
