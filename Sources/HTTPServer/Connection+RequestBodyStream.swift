extension Connection {
    /// A request whose body is over `maxBodyBytes`: the responder takes it as a stream (the
    /// request goes out now, its body following as it is read) or it is refused with 413.
    func streamBody(of head: HTTPRequest, now: MonotonicInstant) {
        guard loop.context.responder.takesStreamedBody(head), let start = parser.streamBody() else {
            parser.refuseBody()
            return
        }
        // What a chunked body held before it went over the limit is handed on, not held.
        releaseBodyReservation()
        if start.continueOwed { appendExchange(Exchange(kind: .interimContinue, startedAt: now)) }
        let stream = RequestBodyStream(length: start.length)
        let loop = self.loop
        stream.whenDrained { loop.execute { self.requestBodyDrained() } }
        stream.append(start.received)
        requestBodyStream = stream
        var request = head
        request.bodyStream = stream
        dispatch(request, now: now)
        writeReadyResponses()
    }

    /// The responder took the bytes that filled the window: the client is read again (the wait
    /// was the responder's, so the body's idle timer starts over).
    private func requestBodyDrained() {
        guard !isClosed, requestBodyStream != nil else { return }
        machine.bytesReceived(now: .now(), parserPhase: parserPhase)
        updateReading()
    }

    /// The body being streamed will never be complete (the client left, or broke its framing).
    func failRequestBody() {
        requestBodyStream?.fail()
        requestBodyStream = nil
    }

    /// When `exchange`'s answer is complete before its streamed body: the rest of the body is
    /// dropped, and true says the connection must close after the answer.
    @discardableResult
    func abandonUnfinishedBody(of exchange: Exchange) -> Bool {
        guard let stream = exchange.request?.bodyStream, !stream.isEnded else { return false }
        stream.abandon()
        if requestBodyStream === stream { requestBodyStream = nil }
        return true
    }
}
