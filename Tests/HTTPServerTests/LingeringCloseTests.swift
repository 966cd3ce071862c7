import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Clients that keep sending after the server has answered with an error read that answer
/// every time: the server shuts its side for writing and drains what still comes before it
/// closes, so the kernel sends no RST over the unread answer.
final class LingeringCloseTests: XCTestCase {
    /// bench/abuse_close.py, the probe whose 30-try counts the bench prints, run here with a
    /// handful of tries per case against an in-process server with the default limits.
    func test_clientsStillSending_ReadTheirErrorAnswer_EveryTime() async throws {
        let (_, port) = try startServer { $0.accessLog = false }
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bench/abuse_close.py")
        let probe = try await ChildProcess.run("/usr/bin/env", ["python3", script.path, "--port", String(port), "--tries", "4"])
        XCTAssertEqual(probe.termination, .exited(0), probe.standardError)
        let counts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(probe.standardOutput.utf8)) as? [String: [String: Int]])
        XCTAssertEqual(counts["http_client_20mb"], ["413": 4])
        XCTAssertEqual(counts["announce_20mb_send_3mb"], ["413": 4])
        XCTAssertEqual(counts["request_line_100kb"], ["414": 4])
        XCTAssertEqual(counts["bad_length_then_2mb"], ["400": 4])
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
            XCTAssertEqual(counts["curl_20mb"], ["413": 4])
        }
    }

    /// A raw client: the 413 arrives, then a clean end of file although 1 MB more was sent.
    func test_announcedUploadOverLimit_Gets413_ThenCleanClose() async throws {
        let (_, port) = try startServer { $0.accessLog = false; $0.limits.maxBodyBytes = 1000 }
        let client = try await RawHTTPClient(port: port)
        try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5000000\r\n\r\n")
        try await client.send([UInt8](repeating: 120, count: 1 << 20))
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 413)
        let rest = try await client.readUntilClose()
        XCTAssertEqual(rest, [], "after the answer: a FIN, not a reset")
    }
}
