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
    /// The head's length is summed first, then its pieces are copied and appended at once.
    @discardableResult
    static func append(
        _ response: HTTPResponse,
        to output: inout [UInt8],
        context: inout ResponseContext,
        keepAlive: Bool,
        isHead: Bool,
        framing: Framing = .contentLength
    ) -> Int {
        let code = response.status.code
        // Read before the closure: a closure that reads `response` copied the whole answer.
        let reasonPhrase = response.status.reasonPhrase
        let fields = response.headers.fields
        // Nearly every answer has none of the fields set apart: its names are not compared.
        let setsApart = response.headers.knownNames & classifiedFields != 0
        var hasDate = false
        var hasServer = false
        // Nearly every answer is `200 OK`: its status line is one piece, not five.
        let isOK = code == 200 && reasonPhrase == "OK"
        var length = isOK ? okStatusLine.utf8CodeUnitCount
            : 9 + ByteCursor.decimalLength(code) + 1 + reasonPhrase.utf8.count + 2
        for index in fields.indices {
            switch setsApart ? classify(fields[index].name) : .other {
            case .framing: continue
            case .date: hasDate = true
            case .server: hasServer = true
            case .other: break
            }
            length += fields[index].name.utf8.count + 2 + fields[index].value.utf8.count + 2
        }
        let bodyAllowed = !forbidsBody(code)
        let contentLength: Int?
        var chunked = false
        switch framing {
        case .contentLength:
            contentLength = bodyAllowed
                ? (isHead ? response.headContentLength ?? response.body.count : response.body.count) : nil
        case .promisedLength(let promised):
            contentLength = promised
        case .chunked, .streamed(nil):
            contentLength = nil
            chunked = true
        case .streamed(let known?):
            contentLength = known
        }
        // Nearly every answer ends alike: Date, Server, a Content-Length, Connection. Then the
        // three lines up to the length's digits are one piece made once a second, and the rest
        // one fixed piece.
        let endsPlainly = !hasDate && !hasServer && contentLength != nil
        let date = hasDate ? [] : endsPlainly ? context.closingLines.current() : context.dateCache.current()
        let server = hasServer || endsPlainly ? [] : context.serverLine
        length += date.count + server.count
        if let contentLength {
            length += (endsPlainly ? 0 : contentLengthName.utf8CodeUnitCount) + ByteCursor.decimalLength(contentLength) + 2
        }
        if chunked { length += chunkedLine.utf8CodeUnitCount }
        let connectionLine = keepAlive ? keepAliveEnd : closeEnd
        length += connectionLine.utf8CodeUnitCount

        output.append(count: length) { cursor in
            if isOK {
                cursor.write(ascii: okStatusLine)
            } else {
                cursor.write(ascii: "HTTP/1.1 ")
                cursor.writeDecimal(code)
                cursor.write(UInt8(ascii: " "))
                cursor.write(reasonPhrase)
                cursor.write(ascii: "\r\n")
            }
            // By index and through the Strings' own storage: `for field in fields` and
            // `cursor.write(_: String)` (a call) retained each field's Strings twice as often.
            for index in fields.indices {
                if setsApart, classify(fields[index].name) == .framing { continue }
                _ = fields[index].name.utf8.withContiguousStorageIfAvailable { cursor.write($0) }
                cursor.write(ascii: ": ")
                _ = fields[index].value.utf8.withContiguousStorageIfAvailable { cursor.write($0) }
                cursor.write(ascii: "\r\n")
            }
            cursor.write(date)
            cursor.write(server)
            if let contentLength {
                if !endsPlainly { cursor.write(ascii: contentLengthName) }
                cursor.writeDecimal(contentLength)
                cursor.write(ascii: keepAlive ? lengthEndKeepAlive : lengthEndClose)
            } else {
                if chunked { cursor.write(ascii: chunkedLine) }
                cursor.write(ascii: connectionLine)
            }
        }
        guard bodyAllowed && !isHead && framing == .contentLength else { return length }
        output.append(contentsOf: response.body)
        return length + response.body.count
    }

    private static var okStatusLine: StaticString { "HTTP/1.1 200 OK\r\n" }
    private static var contentLengthName: StaticString { "Content-Length: " }
    private static var chunkedLine: StaticString { "Transfer-Encoding: chunked\r\n" }
    private static var keepAliveEnd: StaticString { "Connection: keep-alive\r\n\r\n" }
    private static var closeEnd: StaticString { "Connection: close\r\n\r\n" }
    /// The end of the Content-Length line and the Connection line, one piece after the digits.
    private static var lengthEndKeepAlive: StaticString { "\r\nConnection: keep-alive\r\n\r\n" }
    private static var lengthEndClose: StaticString { "\r\nConnection: close\r\n\r\n" }

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
    var dateCache = PerSecondText(secondsFromEnd: DateCache.secondsFromEnd, DateCache.headerLine)
    let serverLine: [UInt8]
    /// The Date line, the Server line and `Content-Length: `, as nearly every head has them
    /// in a row: one piece to copy, made again when the second changes.
    var closingLines: PerSecondText

    init(serverName: String) {
        let serverLine = Array("Server: \(serverName)\r\n".utf8)
        self.serverLine = serverLine
        let lengthName = Array("Content-Length: ".utf8)
        // The Date line's seconds digits sit the Server line and the name further from the end.
        closingLines = PerSecondText(secondsFromEnd: DateCache.secondsFromEnd + serverLine.count + lengthName.count) {
            DateCache.headerLine($0) + serverLine + lengthName
        }
    }
}
