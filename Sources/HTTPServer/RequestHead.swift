import Wire

/// The part of a request read so far: request line, header fields, and what framing needs to
/// know about them. Reset after every request.
struct RequestHead {
    var method = HTTPMethod.GET
    var target = ""
    var path = ""
    var query: String?
    var version = HTTPVersion.http1_1
    /// The authority of an absolute-form or authority-form target.
    var targetAuthority: String?
    /// Set once the request line was read, for error answers.
    var errorPath: String?

    /// The header fields, made from the parser's spans once the blank line ends them.
    var fields: ReceivedHeaderFields?
    /// The `KnownHeader` bits of the fields, noted as each is read.
    var knownNames: UInt32 = 0
    /// Header field bytes so far, CRLFs included, as `HTTPLimits.maxHeaderBytes` counts them.
    var headerBytes = 0

    var hostCount = 0
    /// The Host header's host, without port.
    var hostName: String?
    /// The agreed Content-Length; `Int.max` when the number does not even fit an Int.
    var contentLength: Int?
    /// Raw Transfer-Encoding values, in order.
    var transferEncodings: [String] = []
    var expectsContinue = false

    /// The authority for `HTTPRequest.authority`: the target's, else the Host header's host.
    var authority: String? {
        if let targetAuthority { return targetAuthority }
        guard let hostName, !hostName.isEmpty else { return nil }
        return hostName
    }

    consuming func request(body: consuming [UInt8], remoteAddress: String) -> HTTPRequest {
        HTTPRequest(
            method: method,
            target: target,
            path: path,
            query: query,
            version: version,
            headers: fields.map { HTTPHeaders(received: $0, knownNames: knownNames) } ?? HTTPHeaders(),
            body: body,
            remoteAddress: remoteAddress,
            authority: authority
        )
    }
}
