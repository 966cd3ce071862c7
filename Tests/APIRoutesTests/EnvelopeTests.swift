import HTTPServer
import Wire
import XCTest
@testable import APIRoutes

final class EnvelopeTests: XCTestCase {
    private func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// Written without a `JSON` tree, the health answer is still byte for byte the tree's encoding.
    func test_health_isTheEncodedTreesBytes() {
        for seconds in [0, 7, 86_400 * 400] as [Int64] {
            let response = Envelope.health(uptime: .seconds(seconds))
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
            let tree: JSON = .object([("status", "ok"), ("version", .string(MockServerVersion.current)), ("uptimeSeconds", .int(seconds))])
            XCTAssertEqual(body(response), String(decoding: tree.encoded(), as: UTF8.self))
        }
        XCTAssertEqual(body(Envelope.health(uptime: .milliseconds(2_999))), #"{"status":"ok","version":"0.1.0","uptimeSeconds":2}"#)
    }

    func test_makaSuccess() {
        let response = Envelope.maka(data: [1, 2])
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(
            body(response),
            #"{"code":200,"msg":"ok","data":[1,2]}"#
        )
    }

    func test_businessErrors_areHTTP200_withTheCodeInside() {
        let maka = Envelope.makaError(code: 409, message: "邮箱已注册")
        XCTAssertEqual(maka.status, .ok)
        XCTAssertEqual(body(maka), #"{"code":409,"msg":"邮箱已注册","data":null}"#)
        let youfan = Envelope.youfanError(message: "missing parameter code")
        XCTAssertEqual(youfan.status, .ok)
        XCTAssertEqual(body(youfan), #"{"status":0,"info":"missing parameter code","data":null}"#)
    }

    func test_httpErrors_useTheEnvelopeOfThePathsAPI() {
        let maka = Envelope.httpError(status: .notFound, message: "nope", path: "/app/nothing")
        XCTAssertEqual(maka.status, .notFound)
        XCTAssertEqual(body(maka), #"{"code":404,"msg":"nope","data":null}"#)

        let youfan = Envelope.httpError(status: .badRequest, message: "bad", path: "/mbfun_server/index.php")
        XCTAssertEqual(youfan.status, .badRequest)
        XCTAssertEqual(body(youfan), #"{"status":0,"info":"bad","data":null}"#)

        let config = Envelope.httpError(status: .notFound, message: "x", path: "/mbfun_config_server/index.php")
        XCTAssertEqual(body(config), #"{"status":0,"info":"x","data":null}"#)

        let plain = Envelope.httpError(status: .contentTooLarge, message: "too big", path: nil)
        XCTAssertEqual(plain.status, .contentTooLarge)
        XCTAssertEqual(body(plain), #"{"error":{"status":413,"message":"too big"}}"#)
    }

    func test_apiStyle_byPath() {
        XCTAssertEqual(APIStyle(path: "/app/user/1"), .maka)
        XCTAssertEqual(APIStyle(path: "/application"), .plain)
        XCTAssertEqual(APIStyle(path: "/mbfun_server/index.php"), .youfan)
        XCTAssertEqual(APIStyle(path: "/__admin/health"), .plain)
    }
}
