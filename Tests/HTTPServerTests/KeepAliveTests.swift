import XCTest
@testable import HTTPServer

final class KeepAliveTests: XCTestCase {
    let fixture = ParserFixture()

    func test_http11_keepsAlive_unlessConnectionClose() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\n\r\n")?.keepAlive, true)
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, CLOSE\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nconnection: te\r\nConnection: close\r\n\r\n")?.keepAlive, false)
    }

    func test_http10_closes_unlessConnectionKeepAlive() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.0\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(fixture.request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive, true)
        XCTAssertEqual(fixture.request("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n")?.keepAlive, false)
    }

    func test_connectionTokens_mustMatchWholeToken() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nConnection: closed\r\n\r\n")?.keepAlive, true)
        XCTAssertEqual(fixture.request("GET / HTTP/1.0\r\nConnection: keep-alive-ish\r\n\r\n")?.keepAlive, false)
    }

    func test_connectionTokens_toleratesEmptyElementsAndWhitespace() {
        XCTAssertEqual(fixture.request("GET / HTTP/1.1\r\nHost: h\r\nConnection: ,\t close ,\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(fixture.request("GET / HTTP/1.0\r\nConnection: ,, KEEP-ALIVE\r\n\r\n")?.keepAlive, true)
    }
}
