import Dispatch
import Foundation
import Testing
import TestSupport
@testable import HTTPServer

/// `CONNECT` tunnels at the connection level: the byte copy, bytes sent before the `200`, the
/// far end closing, a refused tunnel (the idle timeout is in `TunnelIdleTimeoutTests`).
@Suite struct TunnelTests {
    /// Answers every `CONNECT` with a tunnel to its target, connected off the event loop.
    struct TunnelResponder: HTTPResponder {
        func respond(to request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
            let port = Int(request.target.split(separator: ":").last ?? "") ?? 0
            DispatchQueue.global().async {
                TunnelEndpoint.dial(host: "127.0.0.1", port: port, timeout: .seconds(2), queue: .global()) { result in
                    switch result {
                    case .success(let endpoint):
                        var response = HTTPResponse(status: .ok)
                        response.tunnel = endpoint
                        reply(response)
                    case .failure:
                        reply(HTTPResponse(status: .badGateway))
                    }
                }
            }
        }
    }

    func server(idleTimeout: Duration = .seconds(60)) throws -> LoopbackServer {
        try LoopbackServer(responder: TunnelResponder()) { $0.idleTimeout = idleTimeout }
    }

    @Test func bytesSentWithTheConnectHeadGoThroughFirst() async throws {
        let echo = try ScriptedTCPServer(.echo)
        let server = try server()
        let client = try await RawHTTPClient(port: server.port)
        try await client.send("CONNECT 127.0.0.1:\(echo.port) HTTP/1.1\r\nHost: x\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi")
        #expect(try await client.readResponse().head == "HTTP/1.1 200 Connection Established")
        #expect(try await client.readResponse().bodyText == "hi")
        withExtendedLifetime((echo, server)) {}
    }

    @Test func theFarEndClosingClosesTheClientAfterItsLastBytes() async throws {
        let far = try ScriptedTCPServer(.answer(Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nbye".utf8)))
        let server = try server()
        let client = try await RawHTTPClient(port: server.port)
        try await client.send("CONNECT 127.0.0.1:\(far.port) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await client.readResponse().status == 200)
        try await client.send("GET / HTTP/1.1\r\nHost: far\r\n\r\n")
        #expect(try await client.readResponse().bodyText == "bye")
        far.stop()
        #expect(await client.isClosedByPeer())
        withExtendedLifetime(server) {}
    }

    @Test func aRefusedConnectClosesTheConnection() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let server = try server()
        let client = try await RawHTTPClient(port: server.port)
        try await client.send("CONNECT 127.0.0.1:\(port) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try await client.readResponse()
        #expect(response.status == 502)
        #expect(response.header("Connection") == "close", "bytes after a CONNECT are never parsed as requests")
        #expect(await client.isClosedByPeer())
        withExtendedLifetime((server, refusing)) {}
    }
}
