import Wire

/// Body bytes: a fixed Content-Length, or chunked coding with extensions ignored and trailers
/// read and dropped (RFC 9112 §6.3, §7.1).
extension RequestParser {
    /// A body that arrived whole with its head is copied out once; a larger one is moved out of
    /// the read buffer as it arrives into `partialBody`, sized once for `length`, so the read
    /// buffer stays small and the body is never reallocated while it grows.
    mutating func readFixedBody(length: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        let available = min(bytes.count - readIndex, length - partialBody.count)
        if partialBody.isEmpty && available == length {
            let body = Array(UnsafeBufferPointer(rebasing: bytes[readIndex..<(readIndex + length)]))
            consume(upTo: readIndex + length)
            return complete(body: body)
        }
        guard available > 0 else { return .needMore }
        if partialBody.isEmpty { partialBody.reserveCapacity(length) }
        partialBody.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[readIndex..<(readIndex + available)]))
        consume(upTo: readIndex + available)
        guard partialBody.count == length else { return .needMore }
        let body = partialBody
        partialBody = []
        return complete(body: body)
    }

    /// `chunk-size [ chunk-ext ] CRLF`, where chunk-size is hex.
    mutating func readChunkSize(in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        guard let lineFeed = nextLineFeed(in: bytes) else {
            if bytes.count - readIndex > Self.maxChunkSizeLineBytes { return chunkLineTooLong() }
            return .needMore
        }
        let start = readIndex
        if lineFeed + 1 - start > Self.maxChunkSizeLineBytes { return chunkLineTooLong() }
        guard lineFeed > start, bytes[lineFeed - 1] == ByteClass.carriageReturn else {
            return fail(.badRequest, "bare LF after chunk size (lines must end with CRLF)")
        }
        let line = start..<(lineFeed - 1)
        consume(upTo: lineFeed + 1)

        var index = line.lowerBound
        var size = 0
        while index < line.upperBound, let digit = ASCII.hexValue(bytes[index]) {
            if size > (Int.max - digit) / 16 { return fail(.badRequest, "chunk size too large") }
            size = size * 16 + digit
            index += 1
        }
        guard index > line.lowerBound else { return fail(.badRequest, "invalid chunk size (expected hex digits)") }
        let rest = bytes.trimmingWhitespace(index..<line.upperBound)
        if !rest.isEmpty {
            guard bytes[rest.lowerBound] == 0x3B else {
                return fail(.badRequest, "invalid chunk size (expected hex digits)")
            }
            for position in rest where ByteClass.isForbiddenInField(bytes[position]) {
                return fail(.badRequest, "control character in chunk extension")
            }
        }
        if size == 0 {
            phase = .trailerFields(bytes: 0)
            return .proceed
        }
        if !streamsBody && size > limits.maxBodyBytes - partialBody.count {
            guard offersLargeBodies else { return fail(.contentTooLarge, "body larger than \(limits.maxBodyBytes) bytes") }
            phase = .largeBodyOffered(chunk: size)
            return .largeBody
        }
        phase = .chunkData(remaining: size)
        return .proceed
    }

    private mutating func chunkLineTooLong() -> Progress {
        fail(.badRequest, "chunk size line longer than \(Self.maxChunkSizeLineBytes) bytes")
    }

    mutating func readChunkData(remaining: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        let available = min(bytes.count - readIndex, remaining)
        guard available > 0 else { return .needMore }
        let data = UnsafeBufferPointer(rebasing: bytes[readIndex..<(readIndex + available)])
        if streamsBody { streamedPiece = Array(data) } else { partialBody.append(contentsOf: data) }
        consume(upTo: readIndex + available)
        phase = available == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - available)
        return streamsBody ? .bodyPiece : .proceed
    }

    /// The CRLF that must follow each chunk's data.
    mutating func readChunkDataEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        let available = bytes.count - readIndex
        if available >= 1, bytes[readIndex] != ByteClass.carriageReturn {
            return fail(.badRequest, "missing CRLF after chunk data")
        }
        guard available >= 2 else { return .needMore }
        guard bytes[readIndex + 1] == ByteClass.lineFeed else {
            return fail(.badRequest, "missing CRLF after chunk data")
        }
        consume(upTo: readIndex + 2)
        phase = .chunkSize
        return .proceed
    }

    /// Trailer fields after the last chunk: validated like header fields, counted against the
    /// header limits, then dropped. The blank line completes the request.
    mutating func readTrailerField(byteCount: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        guard let lineFeed = nextLineFeed(in: bytes) else {
            let pending = bytes.count - readIndex
            if pending == 0 { return .needMore }
            let mayBeBlankLine = pending == 1 && bytes[readIndex] == ByteClass.carriageReturn
            if !mayBeBlankLine && byteCount + pending + 1 > limits.maxHeaderBytes {
                return trailersTooLarge()
            }
            return .needMore
        }
        let start = readIndex
        let lineLength = lineFeed + 1 - start
        let isBlankLine = lineLength == 2 && bytes[start] == ByteClass.carriageReturn
        if !isBlankLine && byteCount + lineLength > limits.maxHeaderBytes { return trailersTooLarge() }
        guard lineFeed > start, bytes[lineFeed - 1] == ByteClass.carriageReturn else {
            return fail(.badRequest, "bare LF in chunked trailer section (lines must end with CRLF)")
        }
        consume(upTo: lineFeed + 1)
        if isBlankLine && streamsBody {
            streamsBody = false
            phase = .requestLine
            return .bodyEnd
        }
        if isBlankLine {
            let body = partialBody
            partialBody = []
            return complete(body: body)
        }
        let line = start..<(lineFeed - 1)
        if Self.splitField(line, in: bytes) == nil {
            return fail(.badRequest, Self.fieldError(line, in: bytes).message)
        }
        phase = .trailerFields(bytes: byteCount + lineLength)
        return .proceed
    }

    private mutating func trailersTooLarge() -> Progress {
        fail(.requestHeaderFieldsTooLarge, "chunked trailer section larger than \(limits.maxHeaderBytes) bytes")
    }
}
