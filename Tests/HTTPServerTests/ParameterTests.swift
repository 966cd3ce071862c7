import Wire
import XCTest
@testable import HTTPServer

/// `HTTPRequest`'s parameter accessors: where query and body come from and how they combine
/// (the decoding rules themselves are tested in WireTests).
final class ParameterTests: XCTestCase {
    private func request(
        query: String? = nil, contentType: String? = nil, body: String = ""
    ) -> HTTPRequest {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return HTTPRequest(method: .POST, target: "/", path: "/", query: query, headers: headers, body: Array(body.utf8))
    }

    private func pairs(_ parameters: Parameters) -> [String] {
        parameters.map { "\($0.name)=\($0.value)" }
    }

    func test_noQuery_isEmpty() throws {
        XCTAssertTrue(try request().queryParameters().isEmpty)
        XCTAssertTrue(try request(query: "").queryParameters().isEmpty)
    }

    func test_otherOrMissingContentType_givesNoBodyParameters() throws {
        XCTAssertTrue(try request(contentType: "text/plain", body: "a=b").bodyParameters().isEmpty)
        XCTAssertTrue(try request(body: "a=b").bodyParameters().isEmpty)
    }

    func test_parameters_takeBodyFirst_thenQuery_bodyWins() throws {
        let combined = try request(query: "uid=1&page=2", contentType: "application/x-www-form-urlencoded",
                                   body: "uid=9&name=x").parameters()
        XCTAssertEqual(pairs(combined), ["uid=9", "name=x", "page=2"])
    }

    func test_parameters_reportBodyErrors() {
        XCTAssertThrowsError(try request(query: "a=1", contentType: "application/json", body: "{").parameters()) { error in
            XCTAssertTrue((error as? ParameterError)?.message.contains("unparsable JSON") == true)
        }
    }
}
