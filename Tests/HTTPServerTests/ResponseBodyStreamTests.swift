import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// A streamed answer completes for the client only once its producer finishes (a recorder stores
/// the capture first, so the client's next request is replayed): the last byte of a body is held
/// back until then, and an empty body has no last byte, so its head waits instead.
final class ResponseBodyStreamTests: XCTestCase {
    /// `/stream/N` answers N bytes of `x` from a stream the test finishes through `streams`;
    /// anything else is `TestResponder`'s.
    private struct StreamingResponder: HTTPResponder {
        let streams: StreamBox

        func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
            guard request.path.hasPrefix("/stream/"), let length = Int(request.path.dropFirst(8)) else {
                return TestResponder().respond(to: request, reply: reply)
            }
            let stream = ResponseBodyStream(length: length, whenDrained: {})
            var response = HTTPResponse(status: .ok)
            response.bodyStream = stream
            reply(response)
            _ = stream.write([UInt8](repeating: 0x78, count: length))
            streams.put(stream)
        }
    }

    /// The streams the responder opened, for the test to finish.
    private final class StreamBox: @unchecked Sendable {
        private let lock = NSLock()
        private var streams: [ResponseBodyStream] = []
        func put(_ stream: ResponseBodyStream) { lock.withLock { streams.append(stream) } }
        var last: ResponseBodyStream? { lock.withLock { streams.last } }
    }

    private func answer(length: Int) async throws {
        let streams = StreamBox()
        let port = try startServer({ $0.accessLog = false }, responder: StreamingResponder(streams: streams)).port
        let client = try await RawHTTPClient(port: port, timeout: 10)
        try await client.send("GET /stream/\(length) HTTP/1.1\r\nHost: t\r\n\r\n")
        while streams.last == nil { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(200))
        if length == 0 {
            XCTAssertFalse(client.hasBytesWaiting(), "an empty body's head waits for the producer")
        }
        streams.last?.finish()
        let response = try await client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Length"), String(length))
        XCTAssertEqual(response.body, [UInt8](repeating: 0x78, count: length))
        try await client.send("GET /json HTTP/1.1\r\nHost: t\r\n\r\n")
        let next = try await client.readResponse()
        XCTAssertEqual(next.bodyText, #"{"ok":true}"#, "the connection is kept")
    }

    func test_anEmptyStreamedBody_sendsItsHeadOnlyOnceTheProducerFinishes() async throws {
        try await answer(length: 0)
    }

    func test_aStreamedBody_completesOnceTheProducerFinishes() async throws {
        try await answer(length: 5)
    }
}
