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
    /// The agreed Content-Length; `Int.max` when the number does not even fit an Int.
    var contentLength: Int?
    /// Raw Transfer-Encoding values, in order.
    var transferEncodings: [String] = []
    var expectsContinue = false

    /// The request of this head and `body`. Its Strings and fields are moved out, not copied
    /// (a copy retained seven references and the head's reset released them again): the head is
    /// left holding empty values, to be reset.
    mutating func takeRequest(body: consuming [UInt8], remoteAddress: String, receivedAt: UInt64) -> HTTPRequest {
        let targetAuthority = targetAuthority.take()
        return HTTPRequest(parsed: HTTPRequest.Fields(
            method: take(&method, leaving: .GET),
            target: take(&target, leaving: ""),
            path: take(&path, leaving: ""),
            query: query.take(),
            version: version,
            headers: fields.take().map { HTTPHeaders(received: $0, knownNames: knownNames) } ?? HTTPHeaders(),
            body: body,
            bodyStream: nil,
            remoteAddress: remoteAddress,
            authority: targetAuthority,
            authorityFromHost: targetAuthority == nil,
            receivedAt: receivedAt
        ))
    }
}

/// What `value` held, leaving `empty` in its place: a move, where reading it made a copy.
private func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
    var taken = empty
    swap(&taken, &value)
    return taken
}
