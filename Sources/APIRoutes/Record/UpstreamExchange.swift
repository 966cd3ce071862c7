import HTTPServer
import Wire

/// One request as the upstream client sends it: the full URL, the method and header fields as
/// they go on the wire (already filtered by `ForwardedHeaders`), the body (whole, or streamed as
/// the client sends it), and the time limits.
struct UpstreamRequest: Sendable {
    var url: String
    var method: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// The body as the client sends it, for a body too large to hold (then `body` is empty).
    var bodyStream: RequestBodyStream?
    /// Sends the request line and headers only and expects no body back (`HEAD`).
    var expectsNoBody: Bool
    var connectTimeout: Duration
    /// How long the upstream may send and take nothing (while the client is not the one holding
    /// the transfer back) before the transfer is given up.
    var stallTimeout: Duration
    /// The most body bytes copied aside (for recording) while a body streams, the answer's to the
    /// client or the request's to the upstream; past it the copy is dropped.
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
    /// The request's streamed body was already known, when the head came, to be larger than
    /// `UpstreamRequest.keptBodyBytes`: the exchange cannot be recorded.
    var requestBodyTooLargeToKeep = false
}

/// What a complete transfer copied aside for recording: each body as streamed, or nil when it was
/// larger than `UpstreamRequest.keptBodyBytes` (`request` is nil, too, for a request sent whole:
/// its body is the request's own).
struct UpstreamKeptBodies: Sendable {
    var request: [UInt8]?
    var answer: [UInt8]?
}

/// Why there is no answer, one kind per fixed phrase a client may see: curl's own text stays in
/// our process.
enum UpstreamFailure: Error, Sendable, Equatable {
    /// No connection within the connect timeout.
    case timedOut
    /// Connected, then nothing sent or taken for the stall timeout.
    case stalled
    /// The client's streamed request body broke off (it left, or broke its framing).
    case requestBodyBroken
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
