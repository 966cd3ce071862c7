/// A body over `maxBodyBytes`, when the parser `offersLargeBodies`: after `.largeBody`, the
/// connection either streams it (`bodyPiece` events as bytes arrive, then `bodyEnd`; nothing of
/// it is kept) or refuses it with the same 413 a parser that offers nothing sends.
extension RequestParser {
    /// What the connection needs to start a streamed body.
    public struct StreamedBodyStart: Sendable {
        /// The announced `Content-Length`; nil for a chunked body.
        public var length: Int?
        /// The chunks of a chunked body received before it went over the limit: its first piece.
        public var received: [UInt8]
        /// `100 Continue` is owed before the client sends the body.
        public var continueOwed: Bool
    }

    /// Takes the offered body as a stream; nil when no body is on offer.
    public mutating func streamBody() -> StreamedBodyStart? {
        guard case .largeBodyOffered(let chunk) = phase else { return nil }
        if let chunk {
            streamsBody = true
            phase = .chunkData(remaining: chunk)
            var received: [UInt8] = []
            swap(&received, &partialBody)
            return StreamedBodyStart(length: nil, received: received, continueOwed: false)
        }
        let length = head.contentLength ?? 0
        phase = .streamedFixedBody(remaining: length)
        return StreamedBodyStart(length: length, received: [],
                                 continueOwed: head.expectsContinue && head.version.minor >= 1)
    }

    /// Refuses the offered body: the next event is the 413 error.
    public mutating func refuseBody() {
        guard case .largeBodyOffered = phase else { return }
        _ = fail(.contentTooLarge, "body larger than \(limits.maxBodyBytes) bytes")
    }

    /// The bytes of a streamed `Content-Length` body as they arrive, then its end.
    mutating func readStreamedFixedBody(remaining: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        guard remaining > 0 else {
            phase = .requestLine
            return .bodyEnd
        }
        let available = min(bytes.count - readIndex, remaining)
        guard available > 0 else { return .needMore }
        streamedPiece = Array(UnsafeBufferPointer(rebasing: bytes[readIndex..<(readIndex + available)]))
        consume(upTo: readIndex + available)
        phase = .streamedFixedBody(remaining: remaining - available)
        return .bodyPiece
    }
}
