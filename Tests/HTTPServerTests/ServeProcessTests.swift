import Foundation
import XCTest

/// The `serve` executable, spawned from the build products next to the test bundle: the
/// listening line, the health route, and a graceful exit 0 on SIGTERM and SIGINT.
final class ServeProcessTests: XCTestCase {
    private struct Running {
        var process: Process
        var port: Int
        var listeningLine: String
        var output: FileHandle
    }

    private var serveBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("serve")
    }

    private func launch(_ arguments: [String]) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: serveBinary.path) else {
            throw RawClient.Failure(description: "serve is not built next to the tests at \(serveBinary.path)")
        }
        let process = Process()
        process.executableURL = serveBinary
        // An empty seeds directory: nothing to import, so the server is up at once.
        let seeds = FileManager.default.temporaryDirectory.appendingPathComponent("no-seeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: seeds) }
        process.arguments = arguments + ["--seeds", seeds.path]
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n") {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        let port = Int(text.split(separator: ":").last ?? "") ?? -1
        return Running(process: process, port: port, listeningLine: text, output: pipe.fileHandleForReading)
    }

    private func waitForExit(_ process: Process, seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func test_serve_PrintsTheListeningLine_AnswersHealth_AndExitsZeroOnSIGTERM() throws {
        let serve = try launch(["--port", "0", "--quiet", "--db", ":memory:"])
        XCTAssertEqual(serve.listeningLine, "listening on http://127.0.0.1:\(serve.port)")
        let idle = try RawClient(port: serve.port)
        try idle.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\n\r\n")
        let health = try idle.readResponse()
        XCTAssertEqual(health.status, 200)
        let json = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
        XCTAssertEqual(json?["status"] as? String, "ok")
        XCTAssertNotNil(json?["version"] as? String)
        XCTAssertNotNil(json?["uptimeSeconds"] as? NSNumber)

        kill(serve.process.processIdentifier, SIGTERM)
        XCTAssertEqual(waitForExit(serve.process), 0)
        XCTAssertTrue(idle.isClosedByPeer())
        XCTAssertEqual(serve.output.readDataToEndOfFile().count, 0, "--quiet: no access log, nothing after the listening line")
    }

    func test_serve_OnSIGTERM_FinishesTheRequestInFlight_ThenExitsZero() throws {
        let serve = try launch(["--port", "0", "--quiet", "--db", ":memory:"])
        let client = try RawClient(port: serve.port)
        // Admin routes are never delayed; an unknown API path is, and answers a 404 envelope.
        try client.send("GET /app/in-flight HTTP/1.1\r\nHost: t\r\nX-Mock-Delay: 800ms\r\n\r\n")
        usleep(200_000)
        kill(serve.process.processIdentifier, SIGTERM)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.header("X-Mock-Delay"), "800", "the request really was in flight")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(waitForExit(serve.process), 0)
    }

    func test_serve_OnIPv6_ShowsBracketedURL_AndExitsZeroOnSIGINT() throws {
        let serve = try launch(["--host", "::1", "--port", "0", "--db", ":memory:"])
        guard serve.port > 0 else { throw XCTSkip("no IPv6 loopback here: \(serve.listeningLine)") }
        XCTAssertEqual(serve.listeningLine, "listening on http://[::1]:\(serve.port)")
        let client = try RawClient(port: serve.port, host: "::1")
        try client.send("GET /__admin/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        kill(serve.process.processIdentifier, SIGINT)
        XCTAssertEqual(waitForExit(serve.process), 0)
        let log = String(decoding: serve.output.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.hasPrefix("GET /__admin/health 200 "), "one access-log line per request: \(log)")
    }

    func test_serve_RefusesABadFlag() throws {
        let process = Process()
        process.executableURL = serveBinary
        process.arguments = ["--port", "70000"]
        process.standardError = Pipe()
        try process.run()
        XCTAssertNotEqual(waitForExit(process), 0)
    }
}
