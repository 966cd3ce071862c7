import Wire

/// What happens when the blank line ends the head: Host rules, then body framing
/// (RFC 9112 §6.1–6.3), then the body limit — all decided before a body byte is read.
extension RequestParser {
    mutating func completeHead() -> Progress {
        if head.version.minor >= 1 && head.hostCount == 0 {
            return fail(.badRequest, "missing Host header (required in HTTP/1.1)")
        }
        if head.hostCount > 1 { return fail(.badRequest, "more than one Host header") }

        let isChunked: Bool
        if head.transferEncodings.isEmpty {
            isChunked = false
        } else {
            if head.contentLength != nil {
                return fail(.badRequest, "Content-Length and Transfer-Encoding must not both be sent")
            }
            if head.version.minor == 0 {
                return fail(.badRequest, "Transfer-Encoding is not allowed in an HTTP/1.0 request")
            }
            let checked = checkTransferCodings()
            guard checked == .proceed else { return checked }
            isChunked = true
        }

        let expectsBody: Bool
        if isChunked {
            partialBody = []
            phase = .chunkSize
            expectsBody = true
        } else if let length = head.contentLength, length > 0 {
            if length > limits.maxBodyBytes {
                guard offersLargeBodies, length < Int.max else { return fail(.contentTooLarge, "body larger than \(limits.maxBodyBytes) bytes") }
                phase = .largeBodyOffered(chunk: nil)
                return .largeBody
            }
            phase = .fixedBody(length: length)
            expectsBody = true
        } else {
            return complete(body: [])
        }
        // RFC 9110 §10.1.1: an HTTP/1.0 client cannot expect 100-continue.
        if expectsBody && head.expectsContinue && head.version.minor >= 1 {
            return .expectContinue
        }
        return .proceed
    }

    /// Transfer-Encoding must be a list ending in `chunked`, which we are the only coding we
    /// decode; anything else is not implemented (501).
    private mutating func checkTransferCodings() -> Progress {
        var codings: [Substring] = []
        for value in head.transferEncodings {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let coding = element.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    .trimmingCharacters(in: " \t")
                if !coding.isEmpty { codings.append(coding) }
            }
        }
        guard !codings.isEmpty else { return fail(.badRequest, "empty Transfer-Encoding") }
        for (index, coding) in codings.enumerated() {
            guard String(coding).caseInsensitiveEquals("chunked") else {
                return fail(.notImplemented, "transfer coding '\(coding.prefix(40))' is not supported (only chunked)")
            }
            if index != codings.count - 1 {
                return fail(.notImplemented, "chunked must be the last transfer coding, once")
            }
        }
        return .proceed
    }
}
