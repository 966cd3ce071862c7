import Foundation
import XCTest
@testable import HTTPServer

/// The bytes the server writes around a handler's response: head framing, Date, access log.
final class ResponseFormattingTests: XCTestCase {
    private func serialise(_ response: HTTPResponse, keepAlive: Bool = true, isHead: Bool = false,
                           framing: ResponseHead.Framing = .contentLength) -> String {
        var output: [UInt8] = []
        var context = ResponseContext(serverName: "TestServer")
        ResponseHead.append(response, to: &output, context: &context, keepAlive: keepAlive, isHead: isHead,
                            framing: framing)
        return String(decoding: output, as: UTF8.self)
    }

    func test_head_ReplacesHandlerFraming_AndKeepsItsOtherFields() {
        let response = HTTPResponse(status: .created, headers: [
            "Content-Length": "999", "Connection": "keep-alive", "Transfer-Encoding": "chunked", "X-Id": "7",
        ], body: Array("abc".utf8))
        let text = serialise(response, keepAlive: false)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 201 Created\r\nX-Id: 7\r\nDate: "), text)
        XCTAssertTrue(text.contains("\r\nServer: TestServer\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"), text)
        XCTAssertFalse(text.contains("999"))
        XCTAssertFalse(text.contains("chunked"))
    }

    func test_head_KeepsAHandlersDateAndServer() {
        let response = HTTPResponse(headers: ["Date": "Tue, 01 Jan 2030 00:00:00 GMT", "Server": "Captured/1.0"])
        let text = serialise(response)
        XCTAssertEqual(text.components(separatedBy: "Date: ").count, 2, "one Date field: \(text)")
        XCTAssertTrue(text.contains("Server: Captured/1.0\r\n"))
        XCTAssertFalse(text.contains("TestServer"))
    }

    /// The usual ending (Date, Server, Content-Length, Connection) and each way out of it: a
    /// handler's own Date or Server, no length (204), a promised or a chunked body.
    func test_headEndings_AreTheSameLinesInTheSameOrderWhateverTheHandlerSet() {
        func masked(_ text: String) -> String {
            text.replacingOccurrences(of: #"Date: [^\r]*GMT"#, with: "Date: D", options: .regularExpression)
        }
        let lines = [
            ("plain, keep-alive", serialise(HTTPResponse(headers: ["X-Id": "7"], body: Array("ab".utf8))),
             "HTTP/1.1 200 OK\r\nX-Id: 7\r\nDate: D\r\nServer: TestServer\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nab"),
            ("plain, close", serialise(HTTPResponse(body: Array("ab".utf8)), keepAlive: false),
             "HTTP/1.1 200 OK\r\nDate: D\r\nServer: TestServer\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab"),
            ("own Server", serialise(HTTPResponse(headers: ["Server": "S"], body: [])),
             "HTTP/1.1 200 OK\r\nServer: S\r\nDate: D\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n"),
            ("own Date", serialise(HTTPResponse(headers: ["Date": "Tue, 01 Jan 2030 00:00:00 GMT"], body: [])),
             "HTTP/1.1 200 OK\r\nDate: D\r\nServer: TestServer\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n"),
            ("no length", serialise(HTTPResponse(status: .noContent)),
             "HTTP/1.1 204 No Content\r\nDate: D\r\nServer: TestServer\r\nConnection: keep-alive\r\n\r\n"),
            ("promised", serialise(HTTPResponse(body: []), keepAlive: false, framing: .promisedLength(9)),
             "HTTP/1.1 200 OK\r\nDate: D\r\nServer: TestServer\r\nContent-Length: 9\r\nConnection: close\r\n\r\n"),
            ("chunked", serialise(HTTPResponse(body: []), keepAlive: false, framing: .chunked),
             "HTTP/1.1 200 OK\r\nDate: D\r\nServer: TestServer\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"),
        ]
        for (name, text, expected) in lines {
            XCTAssertEqual(masked(text), expected, name)
        }
    }

    func test_headRequest_GetsTheLengthButNoBody() {
        let text = serialise(HTTPResponse(body: Array("12345".utf8)), isHead: true)
        XCTAssertTrue(text.hasSuffix("Content-Length: 5\r\nConnection: keep-alive\r\n\r\n"), text)
    }

    func test_noContentAndNotModified_HaveNeitherBodyNorLength() {
        for status in [HTTPStatus.noContent, HTTPStatus(code: 304)] {
            let text = serialise(HTTPResponse(status: status, body: Array("dropped".utf8)))
            XCTAssertFalse(text.contains("Content-Length"), text)
            XCTAssertTrue(text.hasSuffix("\r\n\r\n"), text)
        }
    }

    /// A business code as the mock finds it: a range inside an answer's envelope.
    private func code(_ text: String) -> AccessLogEntry.CodeInBody {
        let body = Array(#"{"code":""#.utf8) + Array(text.utf8) + Array(#"","msg":"ok"}"#.utf8)
        return AccessLogEntry.CodeInBody(body: body, range: 9..<(9 + text.utf8.count))
    }

    func test_dateHeader_IsIMFFixdate() {
        XCTAssertEqual(DateCache.format(0), "Thu, 01 Jan 1970 00:00:00 GMT")
        XCTAssertEqual(DateCache.format(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func test_accessLogLine_HasTimeClientMethodTargetStatusBodyBytesAndMilliseconds() {
        var log = AccessLog()
        _ = log.append(requestID: .generated(1), client: Array("127.0.0.1:5000".utf8), method: "GET", target: "/app/events?page=2",
                       status: 200, bodyBytes: 1234, nanoseconds: 1_042_000, fault: nil, delay: nil,
                       answeredBy: "maka", businessCode: code("200"))
        _ = log.append(requestID: .generated(2), client: [], method: "POST", target: "/x\ny", status: 200, bodyBytes: 0,
                       nanoseconds: 5_000, fault: .reset, delay: .milliseconds(250),
                       businessCode: code("200"))
        _ = log.append(requestID: .client("ui-7"), client: Array("[::1]:5001".utf8), method: "GET", target: "/e", status: 503, bodyBytes: 0,
                       nanoseconds: 5_000, fault: .empty, delay: nil)
        _ = log.append(requestID: .generated(3), client: Array("10.0.0.1:1".utf8), method: "GET",
                       target: "/long/\u{7F}/with\tcontrol\u{01}bytes/中/past/eight/bytes\u{1F}", status: 200,
                       bodyBytes: 5, nanoseconds: 10_000_000, fault: nil, delay: nil, answeredBy: "by\u{1B}x")
        let lines = String(decoding: log.buffer, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
        XCTAssertEqual(lines.count, 4)
        for line in lines { XCTAssertNotNil(line[0].wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/), "\(line)") }
        XCTAssertEqual(lines.map { String($0[1]) }, [
            "127.0.0.1:5000 GET /app/events?page=2 200 1234B 1.042ms id=1 by=maka code=200",
            "- POST /x?y - 0B 0.005ms id=2 fault=reset delay=250ms",
            "[::1]:5001 GET /e 503 0B 0.005ms id=ui-7 fault=empty",
            "10.0.0.1:1 GET /long/?/with?control?bytes/中/past/eight/bytes? 200 5B 10.000ms id=3 by=by?x",
        ])
    }

    /// Only the pieces a client or a handler chooses can hold a control byte: the business code
    /// (a replayed body's string) is mended like the target and who answered.
    func test_accessLogLine_MendsControlBytesInTheBusinessCode() {
        var log = AccessLog()
        _ = log.append(requestID: .client("a-1"), client: Array("127.0.0.1:5000".utf8), method: "GET", target: "/p",
                       status: 200, bodyBytes: 9, nanoseconds: 999_999, fault: nil, delay: .milliseconds(12_345),
                       answeredBy: "capture:12", businessCode: code("a\tb\u{7F}c"))
        let line = String(decoding: log.buffer, as: UTF8.self)
        XCTAssertEqual(line.split(separator: " ", maxSplits: 1).last,
                       "127.0.0.1:5000 GET /p 200 9B 0.999ms id=a-1 by=capture:12 code=a?b?c delay=12345ms\n")
    }

    /// A code that is not ASCII is written as the text it decodes to, in both formats, invalid
    /// UTF-8 repaired as `String(decoding:as:)` repairs it; a range past the body is cut to it.
    func test_accessLogLine_WritesTheBusinessCodeAsTheTextItsBytesDecodeTo() throws {
        let invalid = AccessLogEntry.CodeInBody(body: [0x22, 0x61, 0xE4, 0xB8, 0xAD, 0xFF, 0x62, 0x22], range: 1..<7)
        let cut = AccessLogEntry.CodeInBody(body: Array("200".utf8), range: 1..<10)
        for format in [LogFormat.text, .json] {
            var log = AccessLog(format: format)
            for businessCode in [invalid, cut] {
                _ = log.append(requestID: .generated(1), client: Array("127.0.0.1:5000".utf8), method: "GET", target: "/p",
                               status: 200, bodyBytes: 9, nanoseconds: 1_000, fault: nil, delay: nil,
                               businessCode: businessCode)
            }
            let lines = String(decoding: log.buffer, as: UTF8.self).split(separator: "\n")
            XCTAssertEqual(lines.count, 2)
            switch format {
            case .text:
                XCTAssertTrue(lines[0].hasSuffix(" id=1 code=a中\u{FFFD}b"), "\(lines[0])")
                XCTAssertTrue(lines[1].hasSuffix(" id=1 code=00"), "\(lines[1])")
            case .json:
                let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
                XCTAssertEqual(first["code"] as? String, "a中\u{FFFD}b")
                let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
                XCTAssertEqual(second["code"] as? String, "00")
            }
        }
    }

    /// Lines are written in place, in room the log makes as it goes: many lines, one longer
    /// than that room at first, all arrive whole and in order, and the log asks to be flushed
    /// once it holds 64 KB.
    func test_accessLog_KeepsEveryLineWholePastItsRoomAndAsksForAFlushAt64KB() {
        var log = AccessLog()
        var flushAsked: [Int] = []
        let long = "/" + String(repeating: "x", count: 70_000)
        for index in 0..<300 {
            let target = index == 150 ? long : "/item/\(index)"
            if log.append(requestID: .generated(index), client: Array("127.0.0.1:5000".utf8), method: "GET", target: target,
                          status: 200, bodyBytes: index, nanoseconds: 1_000, fault: nil, delay: nil,
                          answeredBy: "maka", businessCode: code("200")) {
                flushAsked.append(index)
            }
        }
        let lines = String(decoding: log.buffer, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 300)
        for (index, line) in lines.enumerated() {
            let target = index == 150 ? long : "/item/\(index)"
            XCTAssertTrue(line.hasSuffix(" GET \(target) 200 \(index)B 0.001ms id=\(index) by=maka code=200"), "line \(index)")
        }
        XCTAssertEqual(flushAsked.first, 150, "the long line passes 64 KB")
        XCTAssertEqual(log.buffer.count, lines.reduce(0) { $0 + $1.utf8.count + 1 })
    }

    func test_accessLogJSON_IsOneObjectPerLineWithStableKeys() throws {
        var log = AccessLog(format: .json)
        _ = log.append(requestID: .generated(9), client: Array("127.0.0.1:5000".utf8), method: "GET", target: "/a?q=\"中\"",
                       status: 200, bodyBytes: 12, nanoseconds: 1_500_000, fault: nil,
                       delay: .milliseconds(200), answeredBy: "capture:7", businessCode: code("1"))
        _ = log.append(requestID: .client("ui-10"), client: Array("127.0.0.1:5000".utf8), method: "GET", target: "/b", status: 200,
                       bodyBytes: 0, nanoseconds: 7_000, fault: .close, delay: nil, businessCode: code("1"))
        let lines = String(decoding: log.buffer, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(Set(first.keys), ["time", "requestId", "client", "method", "target", "status", "code", "bytes", "ms",
                                         "answeredBy", "fault", "delayMs"])
        XCTAssertEqual(first["requestId"] as? String, "9")
        XCTAssertEqual(first["code"] as? String, "1")
        XCTAssertEqual(first["target"] as? String, "/a?q=\"中\"")
        XCTAssertEqual(first["status"] as? Int, 200)
        XCTAssertEqual(first["bytes"] as? Int, 12)
        XCTAssertEqual(first["ms"] as? Double, 1.5)
        XCTAssertEqual(first["delayMs"] as? Int, 200)
        XCTAssertEqual(first["answeredBy"] as? String, "capture:7")
        XCTAssertTrue(first["fault"] is NSNull)
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertTrue(second["status"] is NSNull, "a closed connection sent no status line")
        XCTAssertEqual(second["requestId"] as? String, "ui-10")
        XCTAssertEqual(second["fault"] as? String, "close")
        XCTAssertTrue(second["code"] is NSNull, "no code without an answer")
    }

    func test_logTimestamp_IsISO8601UTC() {
        XCTAssertEqual(String(decoding: LogTimestamp.format(0), as: UTF8.self), "1970-01-01T00:00:00Z")
        XCTAssertEqual(String(decoding: LogTimestamp.format(784_111_777), as: UTF8.self), "1994-11-06T08:49:37Z")
    }

    /// The log's time, the Date header and the head's closing lines have only their seconds
    /// rewritten within a minute: read second by second, across minute, hour and day boundaries,
    /// after a jump forward and one back, each stays the text made whole.
    func test_perSecondTexts_RewrittenSecondBySecond_AreTheTextsMadeWhole() {
        var logTime = PerSecondText(secondsFromEnd: LogTimestamp.secondsFromEnd, LogTimestamp.format)
        var dateLine = PerSecondText(secondsFromEnd: DateCache.secondsFromEnd, DateCache.headerLine)
        var context = ResponseContext(serverName: "mock 中")
        let midnight: time_t = 1_795_996_800 // 2026-11-30T00:00:00Z
        let seconds = Array(midnight - 130...midnight + 130) + [midnight + 3_725, midnight + 3_726, midnight + 59, midnight + 61]
        for second in seconds {
            XCTAssertEqual(String(decoding: logTime.text(at: second), as: UTF8.self),
                           String(decoding: LogTimestamp.format(second), as: UTF8.self), "second \(second)")
            XCTAssertEqual(String(decoding: dateLine.text(at: second), as: UTF8.self),
                           String(decoding: DateCache.headerLine(second), as: UTF8.self), "second \(second)")
            XCTAssertEqual(String(decoding: context.closingLines.text(at: second), as: UTF8.self),
                           String(decoding: DateCache.headerLine(second), as: UTF8.self) + "Server: mock 中\r\nContent-Length: ",
                           "second \(second)")
        }
    }

    func test_plainJSONErrors_EscapeTheMessage() {
        let response = ErrorResponder.plainJSON.response(status: .badRequest, message: "bad \"x\"\\ 中\n", path: nil)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self),
                       #"{"error":{"status":400,"message":"bad \"x\"\\ 中\n"}}"#)
        XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
    }
}
