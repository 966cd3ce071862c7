/// An incremental HTTP/1.x request parser (RFC 9112): bytes in, requests out. A value type
/// with no socket inside; one per connection.
///
/// ```swift
/// parser.append(bytesFromSocket)
/// loop: while true {
///     switch parser.next() {
///     case .request(let request): handle(request)     // pipelined requests come in order
///     case .expectContinue: send100Continue()
///     case .needMore: break loop
///     case .error(let error): answer(error); close(); break loop
///     }
/// }
/// ```
///
/// Bytes live in one growable buffer that is compacted rarely; lines are found with memchr and
/// each header field becomes a String exactly once.
public struct RequestParser: Sendable {
    enum Phase: Sendable {
        case requestLine
        case headerFields
        case fixedBody(length: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerFields(bytes: Int)
        case failed(HTTPParseError)
    }

    /// The longest chunk-size line (size plus ignored extensions) accepted.
    static let maxChunkSizeLineBytes = 4096

    let limits: HTTPLimits
    var buffer: [UInt8] = []
    /// The first byte not yet consumed.
    var readIndex = 0
    /// Where the next line-feed search starts: bytes before it (from `readIndex`) hold none.
    var scanIndex = 0
    var phase = Phase.requestLine
    var head = RequestHead()
    /// The de-chunked body collected so far.
    var chunkedBody: [UInt8] = []

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Adds bytes read from the connection. Ignored once the parser has failed.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = phase { return }
        buffer.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Adds bytes read from the connection. Ignored once the parser has failed.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next event from the bytes appended so far. Call it until it says `.needMore`.
    public mutating func next() -> ParserEvent {
        if case .failed(let error) = phase { return .error(error) }
        let event: ParserEvent
        do {
            let bytes = buffer
            event = bytes.withUnsafeBufferPointer { advance(in: $0) }
        }
        if case .error(let error) = event {
            phase = .failed(error)
        }
        compact()
        return event
    }

    /// No part of a request is buffered: the connection is between requests.
    public var isIdle: Bool {
        if case .requestLine = phase { return readIndex == buffer.count }
        return false
    }

    /// A request line or header section has started and is not complete (the 408 timer runs).
    public var isReadingHead: Bool {
        switch phase {
        case .requestLine: readIndex < buffer.count
        case .headerFields: true
        default: false
        }
    }

    /// Runs the state machine until it completes a request, needs bytes, or fails.
    mutating func advance(in bytes: UnsafeBufferPointer<UInt8>) -> ParserEvent {
        while true {
            let step: ParserEvent?
            switch phase {
            case .requestLine: step = readRequestLine(in: bytes)
            case .headerFields: step = readHeaderField(in: bytes)
            case .fixedBody(let length): step = readFixedBody(length: length, in: bytes)
            case .chunkSize: step = readChunkSize(in: bytes)
            case .chunkData(let remaining): step = readChunkData(remaining: remaining, in: bytes)
            case .chunkDataEnd: step = readChunkDataEnd(in: bytes)
            case .trailerFields(let count): step = readTrailerField(byteCount: count, in: bytes)
            case .failed(let error): step = .error(error)
            }
            if let step { return step }
        }
    }

    /// The next complete line from `readIndex`, as the index of its line feed; nil when none
    /// has arrived yet (the search resumes where it stopped).
    mutating func nextLineFeed(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let index = bytes.firstIndex(of: ByteClass.lineFeed, in: scanIndex..<bytes.count) {
            return index
        }
        scanIndex = bytes.count
        return nil
    }

    /// Marks everything up to `index` (exclusive) as consumed.
    mutating func consume(upTo index: Int) {
        readIndex = index
        scanIndex = index
    }

    /// A finished request: resets per-request state for the next one.
    mutating func finishRequest(body: [UInt8]) -> ParserEvent {
        let request = head.request(body: body)
        head = RequestHead()
        phase = .requestLine
        return .request(request)
    }

    func failure(_ status: HTTPStatus, _ message: String) -> ParserEvent {
        .error(HTTPParseError(status: status, message: message, path: head.errorPath))
    }

    /// Drops consumed bytes: for free when all were consumed, by moving the rest only when the
    /// consumed part is large and at least half the buffer.
    private mutating func compact() {
        if readIndex == buffer.count {
            if buffer.capacity > 1 << 20 {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            readIndex = 0
            scanIndex = 0
        } else if readIndex >= 16384 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
    }
}
