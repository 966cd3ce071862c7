import Wire

/// The request line: `method SP request-target SP HTTP-version CRLF` (RFC 9112 §3).
extension RequestParser {
    mutating func readRequestLine(in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        guard let lineFeed = nextLineFeed(in: bytes) else {
            // The line will be at least this long once its CRLF arrives.
            if bytes.count - readIndex - 1 > limits.maxRequestLineBytes {
                return requestLineTooLong()
            }
            return .needMore
        }
        let start = readIndex
        let lineLength = lineFeed + 1 - start
        if lineLength - 2 > limits.maxRequestLineBytes { return requestLineTooLong() }
        guard lineFeed > start, bytes[lineFeed - 1] == ByteClass.carriageReturn else {
            return fail(.badRequest, "bare LF in request line (lines must end with CRLF)")
        }
        consume(upTo: lineFeed + 1)
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        if lineLength == 2 { return .proceed }
        let checked = parseRequestLine(start..<(lineFeed - 1), in: bytes)
        guard checked == .proceed else { return checked }
        phase = .headerFields
        fieldsStart = readIndex
        fieldSpans.removeAll(keepingCapacity: true)
        return .proceed
    }

    private mutating func requestLineTooLong() -> Progress {
        fail(.uriTooLong, "request line longer than \(limits.maxRequestLineBytes) bytes")
    }

    private mutating func parseRequestLine(
        _ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Progress {
        let malformed = "request line is not 'method SP target SP HTTP/1.x'"
        guard let firstSpace = bytes.firstIndex(of: ByteClass.space, in: line),
              let secondSpace = bytes.firstIndex(of: ByteClass.space, in: (firstSpace + 1)..<line.upperBound)
        else { return fail(.badRequest, malformed) }
        let methodRange = line.lowerBound..<firstSpace
        let targetRange = (firstSpace + 1)..<secondSpace
        let versionRange = (secondSpace + 1)..<line.upperBound
        guard !methodRange.isEmpty, !targetRange.isEmpty else { return fail(.badRequest, malformed) }

        for index in methodRange where !ByteClass.isToken(bytes[index]) {
            return bytes[index] == ByteClass.carriageReturn
                ? fail(.badRequest, "bare CR in request line")
                : fail(.badRequest, "invalid character in method")
        }
        let checked = parseVersion(versionRange, in: bytes, malformed: malformed)
        guard checked == .proceed else { return checked }
        head.method = Self.method(methodRange, in: bytes)

        if let message = RequestTarget.parse(targetRange, in: bytes, into: &head) {
            return fail(.badRequest, message)
        }
        head.errorPath = head.path
        return .proceed
    }

    private mutating func parseVersion(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, malformed: String
    ) -> Progress {
        let lower = range.lowerBound
        guard range.count == 8,
              bytes[lower] == 0x48, bytes[lower + 1] == 0x54, bytes[lower + 2] == 0x54,
              bytes[lower + 3] == 0x50, bytes[lower + 4] == ByteClass.slash,
              bytes[lower + 6] == 0x2E,
              (0x30...0x39).contains(bytes[lower + 5]), (0x30...0x39).contains(bytes[lower + 7])
        else {
            // Only a version that is not `HTTP/d.d` can hold a CR: looked for on failure alone.
            if bytes.firstIndex(of: ByteClass.carriageReturn, in: range) != nil {
                return fail(.badRequest, "bare CR in request line")
            }
            return fail(.badRequest, malformed)
        }
        let major = Int(bytes[lower + 5] - 0x30)
        let minor = Int(bytes[lower + 7] - 0x30)
        guard major == 1 else {
            return fail(.httpVersionNotSupported, "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        head.version = minor == 1 ? .http1_1 : minor == 0 ? .http1_0 : HTTPVersion(major: 1, minor: minor)
        return .proceed
    }

    /// The method, reusing the shared constants for the common ones.
    private static func method(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> HTTPMethod {
        let first = bytes[range.lowerBound]
        switch range.count {
        case 3 where first == 0x47 && bytes[range.lowerBound + 1] == 0x45 && bytes[range.lowerBound + 2] == 0x54:
            return .GET
        case 4 where first == 0x50 && bytes[range.lowerBound + 1] == 0x4F
            && bytes[range.lowerBound + 2] == 0x53 && bytes[range.lowerBound + 3] == 0x54:
            return .POST
        default:
            return HTTPMethod(bytes.string(range))
        }
    }
}
