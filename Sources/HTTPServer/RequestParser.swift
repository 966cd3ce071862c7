import Wire

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
/// header fields stay bytes, copied once into the request (`ReceivedHeaderFields`).
public struct RequestParser: Sendable {
    enum Phase: Sendable {
        case requestLine
        case headerFields
        case fixedBody(length: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerFields(bytes: Int)
        /// A body over `maxBodyBytes` (with the chunk size that crossed it, for a chunked one)
        /// waits for `streamBody()` or `refuseBody()`.
        case largeBodyOffered(chunk: Int?)
        /// A streamed `Content-Length` body with this many bytes still to come.
        case streamedFixedBody(remaining: Int)
        case failed(HTTPParseError)
    }

    /// What one step of the state machine achieved. Kept small: events are built only once,
    /// in `next()`.
    enum Progress: Equatable {
        /// The phase changed; keep going.
        case proceed
        case needMore
        case expectContinue
        /// `head` and `completedBody` form a request.
        case complete
        /// `phase` holds the error.
        case failed
        /// `head` is complete and its body is over `maxBodyBytes`.
        case largeBody
        /// `streamedPiece` holds the next bytes of a streamed body.
        case bodyPiece
        /// A streamed body is complete.
        case bodyEnd
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
    /// Where the header field lines of the head being read start in `buffer`; the bytes from
    /// there are kept until the blank line ends them.
    var fieldsStart = 0
    /// The fields of the head being read, as offsets from `fieldsStart` (storage kept from one
    /// request to the next).
    var fieldSpans: [ReceivedHeaderFields.Span] = []
    /// The body collected so far: a fixed-length body that did not arrive with its head (its
    /// capacity reserved once, so it never grows by copying), or the de-chunked body.
    var partialBody: [UInt8] = []
    /// The body of the request just completed, until `next()` hands it out.
    var completedBody: [UInt8] = []
    /// A streamed body's bytes found by the last step, until `next()` hands them out.
    var streamedPiece: [UInt8] = []
    /// The current chunked body is streamed: its chunks go out as pieces, not into `partialBody`.
    var streamsBody = false
    /// A body over `maxBodyBytes` is offered as a stream (`ParserEvent.largeBody`) instead of
    /// refused with 413 at once.
    public var offersLargeBodies = false
    /// The peer's address, put in every request (`HTTPRequest.remoteAddress`) as it is made.
    public var remoteAddress = ""
    /// When the bytes being parsed were read (`HTTPRequest.receivedAtUptimeNanoseconds`), put in
    /// every request as it is made; set before each parse.
    public var receivedAt: UInt64 = 0

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
        let progress: Progress
        do {
            let bytes = buffer
            progress = bytes.withUnsafeBufferPointer { advance(in: $0) }
        }
        compact()
        switch progress {
        case .needMore, .proceed:
            return .needMore
        case .expectContinue:
            return .expectContinue
        case .complete:
            var body: [UInt8] = []
            swap(&body, &completedBody)
            let request = head.takeRequest(body: body, remoteAddress: remoteAddress, receivedAt: receivedAt)
            head = RequestHead()
            return .request(request)
        case .failed:
            guard case .failed(let error) = phase else { return .needMore }
            return .error(error)
        case .largeBody:
            var offered = head
            return .largeBody(offered.takeRequest(body: [], remoteAddress: remoteAddress, receivedAt: receivedAt))
        case .bodyPiece:
            var piece: [UInt8] = []
            swap(&piece, &streamedPiece)
            return .bodyPiece(piece)
        case .bodyEnd:
            head = RequestHead()
            return .bodyEnd
        }
    }

    /// No part of a request is buffered: the connection is between requests.
    public var isIdle: Bool {
        if case .requestLine = phase { return readIndex == buffer.count }
        return false
    }

    /// The body bytes the request being read will hold in memory, as far as known: the whole
    /// Content-Length once the head is read, the chunks so far plus the announced one for a
    /// chunked body; 0 between bodies. A connection reserves this much of the server's budget.
    public var bodyBytesAnnounced: Int {
        switch phase {
        case .fixedBody(let length): length
        case .chunkData(let remaining): streamsBody ? 0 : partialBody.count + remaining
        case .chunkSize, .chunkDataEnd, .trailerFields, .largeBodyOffered: partialBody.count
        case .requestLine, .headerFields, .streamedFixedBody, .failed: 0
        }
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
    mutating func advance(in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        while true {
            let progress: Progress
            switch phase {
            case .requestLine: progress = readRequestLine(in: bytes)
            case .headerFields: progress = readHeaderField(in: bytes)
            case .fixedBody(let length): progress = readFixedBody(length: length, in: bytes)
            case .chunkSize: progress = readChunkSize(in: bytes)
            case .chunkData(let remaining): progress = readChunkData(remaining: remaining, in: bytes)
            case .chunkDataEnd: progress = readChunkDataEnd(in: bytes)
            case .trailerFields(let count): progress = readTrailerField(byteCount: count, in: bytes)
            case .largeBodyOffered: progress = .needMore
            case .streamedFixedBody(let remaining): progress = readStreamedFixedBody(remaining: remaining, in: bytes)
            case .failed: progress = .failed
            }
            if progress != .proceed { return progress }
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

    /// A request is complete: `next()` builds it from `head` and `body`, then resets.
    mutating func complete(body: [UInt8]) -> Progress {
        completedBody = body
        phase = .requestLine
        return .complete
    }

    /// The request is malformed: the parser stays failed with this error.
    mutating func fail(_ status: HTTPStatus, _ message: String) -> Progress {
        phase = .failed(HTTPParseError(status: status, message: message, path: head.errorPath))
        return .failed
    }

    /// Storage larger than this is freed once its bytes are consumed instead of kept for the
    /// next request.
    static let keptBufferCapacity = 64 * 1024

    /// Frees the storage kept from one request to the next (an idle keep-alive connection
    /// holds none); only between requests.
    mutating func releaseStorage() {
        guard isIdle else { return }
        buffer = []
        fieldSpans = []
    }

    /// Drops consumed bytes: all of them when all were consumed, keeping the storage for the
    /// next request unless it grew large (`releaseStorage` frees it), and by moving the rest
    /// only when the consumed part is large and at least half the buffer. The field lines of a
    /// head still being read are kept: `fieldSpans` point into them.
    private mutating func compact() {
        let isReadingFields = if case .headerFields = phase { true } else { false }
        let dropped = isReadingFields ? fieldsStart : readIndex
        // Nothing consumed since the last call (the call after a request's, mostly): emptying
        // an empty buffer again still cost a generic `replaceSubrange`.
        guard dropped > 0 else { return }
        if dropped == buffer.count {
            if buffer.capacity > Self.keptBufferCapacity { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
            readIndex = 0
            scanIndex = 0
            fieldsStart = 0
        } else if dropped >= 16384 && dropped * 2 >= buffer.count {
            buffer.removeSubrange(0..<dropped)
            readIndex -= dropped
            scanIndex -= dropped
            if isReadingFields { fieldsStart = 0 }
        }
    }
}
