import Dispatch
import Foundation
import TestSupport
@testable import HTTPServer

/// A responder that takes bodies over the limit as streams on `/stream…` and answers, once the
/// whole body is read, `COUNT DIGEST` (`ConsumedRequest.digest` of the bytes) or `failed`; `/early` takes the
/// stream and answers at once without reading it; `/stream/late` answers a second and a half
/// after the body's end. Reads are driven by `whenReadable`, so no thread ever waits for the body.
struct StreamedBodyResponder: HTTPResponder {
    func takesStreamedBody(_ head: HTTPRequest) -> Bool {
        head.path.hasPrefix("/stream") || head.path == "/early"
    }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        guard let stream = request.bodyStream, request.path != "/early" else {
            return reply(HTTPResponse(status: .ok, body: Array("whole \(request.body.count)".utf8)))
        }
        let delay: DispatchTimeInterval = request.path == "/stream/late" ? .milliseconds(1500) : .never
        StreamReader(stream: stream) { summary in
            let response = HTTPResponse(status: .ok, body: Array(summary.utf8))
            guard delay != .never else { return reply(response) }
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { reply(response) }
        }.read()
    }
}

/// Reads a `RequestBodyStream` to its end, digesting it, on a queue of its own.
///
/// `@unchecked Sendable`: `count` and `digest` are used only on `queue`.
private final class StreamReader: @unchecked Sendable {
    private let stream: RequestBodyStream
    private let done: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "StreamReader")
    private var count = 0
    private var digest = ConsumedRequest.digest([])

    init(stream: RequestBodyStream, done: @escaping @Sendable (String) -> Void) {
        self.stream = stream
        self.done = done
        stream.whenReadable { [self] in queue.async { self.pump() } }
    }

    func read() { queue.async { self.pump() } }

    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        while true {
            let result = buffer.withUnsafeMutableBytes { stream.read(into: $0) }
            switch result {
            case .bytes(let read):
                digest = ConsumedRequest.digest(buffer[0..<read], continuing: digest)
                count += read
            case .later:
                return
            case .end:
                return done("\(count) \(digest)")
            case .failed:
                return done("failed")
            }
        }
    }
}
