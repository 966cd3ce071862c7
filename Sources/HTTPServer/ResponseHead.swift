import Wire

/// Serialises a response's status line, headers and body into one output buffer, so head and
/// body leave the process in a single write.
enum ResponseHead {
    /// Statuses that never carry a body or a Content-Length (RFC 9110 §8.6).
    static func forbidsBody(_ code: Int) -> Bool {
        code < 200 || code == 204 || code == 304
    }

    /// The body bytes `append` writes with `.contentLength` framing (none for HEAD, 1xx, 204, 304).
    static func bodyByteCount(_ response: HTTPResponse, isHead: Bool) -> Int {
        isHead || forbidsBody(response.status.code) ? 0 : response.body.count
    }

    /// Appends the complete response. Returns the number of bytes appended.
    ///
    /// The server owns framing: any Content-Length, Transfer-Encoding or Connection field the
    /// handler set is replaced; Date and Server are added unless the handler set its own.
    @discardableResult
    static func append(
        _ response: HTTPResponse,
        to output: inout [UInt8],
        context: inout ResponseContext,
        keepAlive: Bool,
        isHead: Bool,
        framing: Framing = .contentLength
    ) -> Int {
        let start = output.count
        let code = response.status.code
        output.appendUTF8("HTTP/1.1 ")
        output.appendDecimal(code)
        output.append(UInt8(ascii: " "))
        output.appendUTF8(response.status.reasonPhrase)
        output.append(UInt8(ascii: "\r"))
        output.append(UInt8(ascii: "\n"))

        var hasDate = false
        var hasServer = false
        // Nearly every answer has none of the fields set apart: its names are not compared.
        let setsApart = response.headers.knownNames & classifiedFields != 0
        for field in response.headers.fields {
            switch setsApart ? classify(field.name) : .other {
            case .framing: continue
            case .date: hasDate = true
            case .server: hasServer = true
            case .other: break
            }
            output.appendUTF8(field.name)
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
            output.appendUTF8(field.value)
            output.append(UInt8(ascii: "\r"))
            output.append(UInt8(ascii: "\n"))
        }
        if !hasDate { output.append(contentsOf: context.dateCache.current()) }
        if !hasServer { output.append(contentsOf: context.serverLine) }

        let bodyAllowed = !forbidsBody(code)
        switch framing {
        case .contentLength:
            if bodyAllowed {
                output.appendUTF8("Content-Length: ")
                output.appendDecimal(isHead ? response.headContentLength ?? response.body.count : response.body.count)
                output.appendUTF8("\r\n")
            }
        case .promisedLength(let length):
            output.appendUTF8("Content-Length: ")
            output.appendDecimal(length)
            output.appendUTF8("\r\n")
        case .chunked:
            output.appendUTF8("Transfer-Encoding: chunked\r\n")
        case .streamed(let length?):
            output.appendUTF8("Content-Length: ")
            output.appendDecimal(length)
            output.appendUTF8("\r\n")
        case .streamed(nil):
            output.appendUTF8("Transfer-Encoding: chunked\r\n")
        }
        output.appendUTF8(keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n")
        if bodyAllowed && !isHead && framing == .contentLength {
            output.append(contentsOf: response.body)
        }
        return output.count - start
    }

    /// How the body is framed on the wire.
    enum Framing: Equatable {
        /// The normal case: `Content-Length` of the body, then the body.
        case contentLength
        /// Head only, promising `length` bytes that never come (the `empty` fault).
        case promisedLength(Int)
        /// Head only with `Transfer-Encoding: chunked` (the `malformed` fault writes the chunk).
        case chunked
        /// Head only, for a body that follows from a `ResponseBodyStream`: its `Content-Length`
        /// when known, else chunked.
        case streamed(length: Int?)
    }

    private enum FieldClass { case framing, date, server, other }

    /// The known headers `classify` tells apart from `.other`.
    private static var classifiedFields: UInt32 {
        KnownHeader.contentLength.bit | KnownHeader.transferEncoding.bit | KnownHeader.connection.bit
            | KnownHeader.date.bit | KnownHeader.server.bit
    }

    private static func classify(_ name: String) -> FieldClass {
        let utf8 = name.utf8
        guard let first = utf8.first else { return .other }
        switch first | 0x20 {
        case UInt8(ascii: "c"):
            if name.caseInsensitiveEquals("content-length") || name.caseInsensitiveEquals("connection") {
                return .framing
            }
        case UInt8(ascii: "t"):
            if name.caseInsensitiveEquals("transfer-encoding") { return .framing }
        case UInt8(ascii: "d"):
            if name.caseInsensitiveEquals("date") { return .date }
        case UInt8(ascii: "s"):
            if name.caseInsensitiveEquals("server") { return .server }
        default:
            break
        }
        return .other
    }

    /// Whether the handler asked for the connection to close after this response.
    static func requestsClose(_ response: HTTPResponse) -> Bool {
        guard let value = response.headers[.connection] else { return false }
        return value.caseInsensitiveEquals("close")
    }
}

/// Per-loop pieces every response head needs.
struct ResponseContext {
    var dateCache = PerSecondText(DateCache.headerLine)
    let serverLine: [UInt8]

    init(serverName: String) {
        serverLine = Array("Server: \(serverName)\r\n".utf8)
    }
}
