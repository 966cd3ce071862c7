@testable import APIRoutes
import CaptureFormats
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 12: replay that matches real traffic — captured response headers come back (not the
/// framing and hop-by-hop ones), `--latency captured` takes the timing of the capture that
/// answered (also with `--replay-sequence`), and `--ignore-param` keeps timestamps and
/// signatures from breaking a match.
@Suite struct ReplayFidelityEndToEndTests {
    @Test func capturedResponseHeadersAreReplayedExceptFramingAndHopByHop() async throws {
        let fixture = try await ControlsFixture(modules: [])
        let record = CaptureRecord(
            method: "GET", url: "/app/cached", status: 200,
            responseHeaders: HTTPHeaders([
                (name: ":status", value: "200"), (name: "Content-Type", value: "application/json"),
                (name: "Set-Cookie", value: "sid=1; Path=/"), (name: "Set-Cookie", value: "theme=dark"),
                (name: "Cache-Control", value: "max-age=60"), (name: "ETag", value: "\"v7\""),
                (name: "Location", value: "/app/cached/7"), (name: "X-Request-Id", value: "abc"),
                (name: "Content-Length", value: "999"), (name: "Transfer-Encoding", value: "chunked"),
                (name: "Connection", value: "close"), (name: "Keep-Alive", value: "timeout=5"),
                (name: "Content-Encoding", value: "gzip"), (name: "Date", value: "Mon, 01 Jan 2018 00:00:00 GMT"),
                (name: "Server", value: "nginx"),
            ]),
            responseContentType: "application/json", responseBody: Array(#"{"ok":true}"#.utf8))
        _ = try fixture.database.write { try fixture.captures.store(record, in: $0) }

        let client = try await RawHTTPClient(port: fixture.port)
        try await client.send("GET /app/cached HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"ok":true}"#)
        let values = { (name: String) in response.headers.filter { $0.name.lowercased() == name }.map(\.value) }
        #expect(values("set-cookie") == ["sid=1; Path=/", "theme=dark"])
        #expect(values("cache-control") == ["max-age=60"])
        #expect(values("etag") == ["\"v7\""])
        #expect(values("location") == ["/app/cached/7"])
        #expect(values("x-request-id") == ["abc"])
        #expect(values("content-type") == ["application/json"])
        #expect(values("content-length") == ["11"], "the length of the bytes sent, not the captured one")
        #expect(values("transfer-encoding").isEmpty)
        #expect(values("content-encoding").isEmpty, "the capture holds the decoded body")
        #expect(values("keep-alive").isEmpty)
        #expect(values("connection") != ["close"], "the connection stays open: the captured Connection is not replayed")
        #expect(values("server") == ["MockServer"])
        #expect(values("date").count == 1 && values("date") != ["Mon, 01 Jan 2018 00:00:00 GMT"])
        #expect(values(":status").isEmpty)
        try await client.send("GET /app/cached HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await client.readResponse().status == 200, "the same connection serves again")
    }

    @Test func capturedLatencyUsesTheCaptureThatAnsweredTheSequence() async throws {
        let fixture = try await ControlsFixture(global: GlobalControls(latency: .captured), modules: [], replaySequence: true)
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/step", body: #"{"step":1}"#, wait: 300), in: db)
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/step", body: #"{"step":2}"#, wait: 40), in: db)
        }
        let (first, firstBody) = try await fixture.fetch("/app/step")
        #expect(firstBody == #"{"step":1}"#)
        #expect(first.value(forHTTPHeaderField: "X-Mock-Delay") == "300", "the first capture answered: its timing")
        let (second, secondBody) = try await fixture.fetch("/app/step")
        #expect(secondBody == #"{"step":2}"#)
        #expect(second.value(forHTTPHeaderField: "X-Mock-Delay") == "40")
        let entries = try await fixture.fetch("/__admin/requests").1
        #expect(try ControlsFixture.json(entries)["requests"]?.arrayValue?.compactMap { $0["delayMs"] } == [40, 300])
    }

    @Test func ignoredParametersDoNotBreakAMatch() async throws {
        let fixture = try await ControlsFixture(modules: [], ignoredParameters: [
            try IgnoredParameter(parsing: "timestamp,sign"), try IgnoredParameter(parsing: "/mbfun_server/index.php:_soa"),
        ])
        _ = try fixture.database.write { db in
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/feed?page=1&timestamp=1700000000&sign=aa"), in: db)
            try fixture.captures.store(CaptureRecordFactory.make(url: "/mbfun_server/index.php?m=Home&a=get&_soa=x1"), in: db)
            try fixture.captures.store(CaptureRecordFactory.make(url: "/app/soa?_soa=x1"), in: db)
        }
        #expect(try await fixture.fetch("/app/feed?sign=bb&page=1&timestamp=1800000000").0.statusCode == 200)
        #expect(try await fixture.fetch("/app/feed?page=1").0.statusCode == 200)
        #expect(try await fixture.fetch("/app/feed?page=2&timestamp=1").0.statusCode == 404, "page still counts")
        #expect(try await fixture.fetch("/mbfun_server/index.php?m=Home&a=get&_soa=y2").0.statusCode == 200)
        #expect(try await fixture.fetch("/app/soa?_soa=y2").0.statusCode == 404, "_soa is ignored only under its prefix")
    }

    @Test(arguments: [
        ("timestamp", "/", ["timestamp"]),
        ("timestamp, sign", "/", ["timestamp", "sign"]),
        ("/mbfun_server/index.php:_soa,deviceToken", "/mbfun_server/index.php", ["_soa", "deviceToken"]),
    ])
    func ignoreParamValuesParse(text: String, prefix: String, names: [String]) throws {
        let parsed = try IgnoredParameter(parsing: text)
        #expect(parsed.rule == VolatileParameters.Rule(pathPrefix: prefix, names: Set(names)))
    }

    @Test(arguments: [
        ("", "ignored parameter \"\" must name parameters: timestamp,sign or /app/:timestamp"),
        ("a,,b", "ignored parameter \"a,,b\" must name parameters: timestamp,sign or /app/:timestamp"),
        ("/app/feed", "ignored parameter \"/app/feed\" starts with a path but names no parameter; use /path/prefix:name"),
    ])
    func badIgnoreParamValuesSayWhatIsWrong(text: String, message: String) {
        #expect(throws: ControlSyntaxError(message)) { try IgnoredParameter(parsing: text) }
    }
}
