extension Connection {
    /// Writes the head of a response whose body comes from `stream`, then the body as it
    /// arrives (`pumpStreamedBody`); the exchange stays at the front of the queue until then.
    func beginStreamedBody(_ stream: ResponseBodyStream, of response: HTTPResponse, for exchange: Exchange) {
        var keepAlive = false
        if case .request(let requestKeepAlive) = exchange.kind { keepAlive = requestKeepAlive }
        if ResponseHead.requestsClose(response) { keepAlive = false }
        if machine.closeAfterInFlight && machine.inFlight == 1 { keepAlive = false }
        // The rest of a request body still arriving goes on to the responder; the connection ends with this answer.
        if exchange.request?.bodyStream.map({ !$0.isEnded }) == true { keepAlive = false }
        var body = StreamedBody(stream: stream, exchange: exchange, status: response.status.code, keepAlive: keepAlive)
        if stream.length == 0 {
            var head: [UInt8] = []
            ResponseHead.append(response, to: &head, context: &loop.responseContext, keepAlive: keepAlive,
                                isHead: false, framing: .streamed(length: 0))
            body.heldHead = head
        } else {
            borrowSpareOutput()
            ResponseHead.append(response, to: &output, context: &loop.responseContext, keepAlive: keepAlive,
                                isHead: false, framing: .streamed(length: stream.length))
        }
        streamedBody = body
        let loop = self.loop
        stream.attach { loop.execute { self.pumpStreamedBody() } }
    }

    /// Moves the pieces that arrived into the output while the client keeps up (past
    /// `maxPendingOutput` unwritten it waits for the next drain), and ends the response when
    /// the stream ends: completed, or, when the producer failed or the length came out wrong,
    /// with the connection closed after what was sent.
    func pumpStreamedBody() {
        guard !isClosed, var body = streamedBody, output.count - outputOffset < Connection.maxPendingOutput else { return }
        let (pieces, ending) = body.stream.take()
        borrowSpareOutput()
        if ending != nil, let head = body.heldHead {
            output.append(contentsOf: head)
            body.heldHead = nil
        }
        for piece in pieces where !piece.isEmpty {
            if body.isChunked {
                output.append(contentsOf: String(piece.count, radix: 16).utf8)
                output.append(contentsOf: "\r\n".utf8)
                output.append(contentsOf: piece)
                output.append(contentsOf: "\r\n".utf8)
            } else {
                output.append(contentsOf: piece)
            }
            body.bytesWritten += piece.count
        }
        streamedBody = body
        switch ending {
        case nil:
            break
        case .finished? where body.stream.length.map({ $0 == body.bytesWritten }) ?? true:
            if body.isChunked { output.append(contentsOf: "0\r\n\r\n".utf8) }
            endStreamedBody(body, completed: true)
        case .finished?, .failed?:
            endStreamedBody(body, completed: false)
        }
        flush()
    }

    private func endStreamedBody(_ body: StreamedBody, completed: Bool) {
        streamedBody = nil
        abandonUnfinishedBody(of: body.exchange)
        body.stream.detach(abandoning: false)
        let now = MonotonicInstant.now()
        let keepAlive = completed && body.keepAlive && afterFlush == .keepOpen
        if machine.responseCompleted(now: now, closeRequested: !keepAlive) == .close, afterFlush == .keepOpen {
            afterFlush = .close
        }
        if !keepAlive {
            acceptsRequests = false
            afterFlush = .close
            lingersOnClose = completed
        }
        report(body.exchange, status: body.status, bytes: body.bytesWritten, fault: nil, now: now)
        popExchange()
        writeReadyResponses()
        if !isParsing && acceptsRequests && !parser.isIdle {
            parseAvailable(now: .now())
        }
    }
}
