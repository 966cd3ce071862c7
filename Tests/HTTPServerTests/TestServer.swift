import Dispatch
import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Routes used by the end-to-end tests:
/// - `/json` → `{"ok":true}`; `/echo` → the body back, method in `X-Method`;
/// - `/delay/MS` → answers after MS milliseconds (through `HTTPResponse.delay`);
/// - `/late/MS` → replies from another thread after MS milliseconds (out-of-order replies);
/// - `/fault/NAME` → the transport fault NAME; `/close` → asks for `Connection: close`;
/// - `/big/KB` → a body of KB KiB.
struct TestResponder: HTTPResponder {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        let parts = request.path.split(separator: "/").map(String.init)
        switch parts.first {
        case "json":
            reply(.json(Array(#"{"ok":true}"#.utf8)))
        case "echo":
            var response = HTTPResponse(status: .ok, body: request.body)
            response.headers.add(name: "X-Method", value: request.method.rawValue)
            response.headers.add(name: "X-Target", value: request.target)
            reply(response)
        case "delay":
            var response = HTTPResponse.json(Array(#"{"delayed":true}"#.utf8))
            response.delay = .milliseconds(Int(parts.last ?? "0") ?? 0)
            reply(response)
        case "late":
            let milliseconds = Int(parts.last ?? "0") ?? 0
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                reply(.json(Array(#"{"late":\#(milliseconds)}"#.utf8)))
            }
        case "fault":
            reply(HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"],
                               body: Array(#"{"never":"complete"}"#.utf8),
                               fault: TransportFault(rawValue: parts.last ?? "")))
        case "close":
            reply(HTTPResponse(status: .ok, headers: ["Connection": "close"], body: Array("bye".utf8)))
        case "big":
            reply(HTTPResponse(status: .ok, body: [UInt8](repeating: 98, count: 1024 * (Int(parts.last ?? "0") ?? 0))))
        case "received":
            var response = HTTPResponse(status: .ok)
            response.headers.add(name: "X-Received", value: String(request.receivedAtUptimeNanoseconds))
            response.headers.add(name: "X-Answered", value: String(DispatchTime.now().uptimeNanoseconds))
            reply(response)
        case "nocontent":
            reply(HTTPResponse(status: .noContent))
        default:
            reply(ErrorResponder.plainJSON.response(status: .notFound, message: "no route", path: request.path))
        }
    }
}

/// Collects finished exchanges (observer under test).
final class ExchangeRecorder: ExchangeObserver, @unchecked Sendable {
    // Protected by `lock`.
    private let lock = NSLock()
    private var recorded: [FinishedExchange] = []

    func exchangeFinished(_ exchange: FinishedExchange) {
        lock.withLock { recorded.append(exchange) }
    }

    var exchanges: [FinishedExchange] { lock.withLock { recorded } }
}

extension XCTestCase {
    /// Starts a server on a free loopback port, stopped when the test ends.
    func startServer(
        _ configure: (inout ServerConfiguration) -> Void = { _ in },
        responder: any HTTPResponder = TestResponder(),
        observer: (any ExchangeObserver)? = nil
    ) throws -> (server: HTTPServer, port: Int) {
        let loopback = try LoopbackServer(responder: responder, observer: observer, configure: configure)
        addTeardownBlock { await loopback.stop() }
        return (loopback.server, loopback.port)
    }

    /// One request over URLSession (libcurl underneath): status, headers and body.
    func fetch(_ url: String, method: String = "GET", body: Data? = nil,
               headers: [String: String] = [:]) async throws -> (HTTPURLResponse, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 10
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse, data)
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
