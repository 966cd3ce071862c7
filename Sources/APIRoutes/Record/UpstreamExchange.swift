import HTTPServer
import Wire

/// One request as the upstream client sends it: the full URL, the method and header fields as
/// they go on the wire (already filtered by `ForwardedHeaders`), the body, and the time limits.
struct UpstreamRequest: Sendable {
    var url: String
    var method: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Sends the request line and headers only and expects no body back (`HEAD`).
    var expectsNoBody: Bool
    var connectTimeout: Duration
    var totalTimeout: Duration
    /// The most body bytes copied aside (for recording) while the body streams to the client;
    /// past it the copy is dropped.
    var keptBodyBytes: Int
}

/// The upstream's final answer (interim 1xx answers are skipped): status, reason phrase, header
/// fields exactly as received (order and repeated fields kept), and the body — whole (`HEAD`:
/// none) or, from the moment the head is complete, as a stream of its de-chunked bytes.
struct UpstreamAnswer: Sendable {
    var status: Int
    var reasonPhrase: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Where the body comes, when it is streamed.
    var bodyStream: ResponseBodyStream?
}

/// Why there is no answer, one kind per fixed phrase a client may see: curl's own text stays in
/// our process.
enum UpstreamFailure: Error, Sendable, Equatable {
    /// No complete answer within the connect or total timeout.
    case timedOut
    /// The host has no address.
    case hostNotFound
    /// Nothing listens there, or the connection could not be made.
    case refused
    /// The TLS handshake or certificate check failed.
    case tls
    /// The connection broke or the answer was not valid HTTP.
    case broken
    /// The server is shutting down.
    case stopped
}
