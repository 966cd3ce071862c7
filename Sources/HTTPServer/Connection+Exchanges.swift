import Foundation

extension Connection {
    /// Turns buffered bytes into requests until the parser needs more, an error stops it, too
    /// many requests are waiting for their responses, or too much output waits to be written
    /// (small pipelined requests for large answers: one read could otherwise queue gigabytes).
    func parseAvailable(now: MonotonicInstant) {
        guard !isParsing else { return }
        isParsing = true
        defer { isParsing = false }
        parser.receivedAt = now.nanoseconds
        while (acceptsRequests || requestBodyStream != nil) && exchanges.count < Connection.maxPipelined
            && output.count - outputOffset < Connection.maxPendingOutput {
            switch parser.next() {
            case .needMore:
                reserveBody(parser.bodyBytesAnnounced, path: parser.head.errorPath, now: now)
                return
            case .expectContinue:
                // Refused before the client is told to send its body.
                guard reserveBody(parser.bodyBytesAnnounced, path: parser.head.errorPath, now: now) else { return }
                appendExchange(Exchange(kind: .interimContinue, startedAt: now))
                writeReadyResponses()
            case .request(let request):
                guard reserveBody(request.body.count, path: request.path, now: now) else { return }
                dispatch(request, now: now)
            case .largeBody(let request):
                streamBody(of: request, now: now)
            case .bodyPiece(let piece):
                requestBodyStream?.append(piece)
            case .bodyEnd:
                requestBodyStream?.finish()
                requestBodyStream = nil
            case .error(let error):
                failRequestBody()
                machine.parseFailed()
                acceptsRequests = false
                let response = loop.context.errorResponder.response(
                    status: error.status, message: error.message, path: error.path)
                let rejection = ServerRejection(message: error.message, path: error.path)
                appendExchange(Exchange(kind: .serverError(rejection), startedAt: now, response: response))
                writeReadyResponses()
            }
        }
    }

    /// Hands a request to the responder, its place in the response queue taken.
    func dispatch(_ request: HTTPRequest, now: MonotonicInstant) {
        // Bytes after a CONNECT head belong to the tunnel (or to nobody, if it is refused).
        let keepAlive = request.keepAlive && request.method != .CONNECT
        machine.requestDispatched(keepAlive: keepAlive)
        if !keepAlive { acceptsRequests = false }
        let sequence = appendExchange(Exchange(kind: .request(keepAlive: keepAlive), request: request, startedAt: now,
                                               bodyReservation: bodyReservation))
        bodyReservation = 0
        loop.context.responder.respond(to: request) { response in
            self.deliver(response, sequence: sequence)
        }
    }

    /// Queues an exchange and returns its sequence number.
    @discardableResult
    func appendExchange(_ exchange: Exchange) -> Int {
        exchanges.append(exchange)
        return firstSequence + exchanges.count - 1
    }

    /// A responder's reply, from any thread.
    func deliver(_ response: consuming HTTPResponse, sequence: Int) {
        if loop.isCurrent {
            receive(response, sequence: sequence)
        } else {
            loop.execute { [response] in self.receive(response, sequence: sequence) }
        }
    }

    /// Inlined, as is `store`, into `deliver`, whose answer is owned: a call of their own took
    /// the answer borrowed (the optimiser's choice for a parameter some paths only destroy) and
    /// copied it into the queue, the caller then destroying the original.
    @inline(__always)
    private func receive(_ response: consuming HTTPResponse, sequence: Int) {
        guard !isClosed else {
            response.bodyStream?.detach(abandoning: true)
            return
        }
        if let delay = response.delay, delay > .zero {
            loop.schedule(after: delay) { [response] in self.store(response, sequence: sequence, delay: delay) }
            return
        }
        store(response, sequence: sequence, delay: nil)
    }

    @inline(__always)
    private func store(_ response: consuming HTTPResponse, sequence: Int, delay: Duration?) {
        let index = sequence - firstSequence
        guard !isClosed, index >= 0, index < exchanges.count else { return }
        exchanges[index].response = consume response
        exchanges[index].delay = delay
        guard index == 0 else { return }
        writeReadyResponses()
        if !isHandlingRead && !isParsing { flush() }
    }

    /// Serialises every response at the front of the queue that is ready, in order. The front
    /// exchange is swapped out of the queue and looked at as a local value: each read of
    /// `exchanges[0]` copied the whole exchange (its request and answer retained, then
    /// released). One that is not written now is swapped back before anything else runs.
    func writeReadyResponses() {
        var popped = false
        while !isHolding, !isClosed, afterFlush == .keepOpen, streamedBody == nil, !exchanges.isEmpty {
            var exchange = Exchange(kind: .interimContinue, startedAt: MonotonicInstant(nanoseconds: 0))
            swap(&exchange, &exchanges[0])
            if case .interimContinue = exchange.kind {
                borrowSpareOutput()
                output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
                dropFront(holding: exchange.bodyReservation)
                continue
            }
            guard exchange.response != nil, exchange.response?.fault != .timeout,
                  exchange.response?.tunnel == nil, exchange.response?.bodyStream == nil else {
                swap(&exchange, &exchanges[0])
                if writeSpecial(exchanges[0]) {
                    popped = true
                    continue
                }
                break
            }
            dropFront(holding: exchange.bodyReservation)
            write(exchange.response!, for: exchange)
            popped = true
        }
        if popped && !isParsing && acceptsRequests && !parser.isIdle {
            parseAvailable(now: .now())
        }
    }

    /// The front exchange when it is not simply written: no answer yet, held (`timeout`), a
    /// tunnel, or a streamed body; true when it was written and removed all the same.
    private func writeSpecial(_ exchange: Exchange) -> Bool {
        guard let response = exchange.response else { return false }
        if response.fault == .timeout {
            isHolding = true
            acceptsRequests = false
            return false
        }
        if let endpoint = response.tunnel, response.status.code == 200, exchange.request?.method == .CONNECT {
            beginTunnel(endpoint, for: exchange)
            popExchange()
            return false
        }
        if let stream = response.bodyStream, response.fault == nil, exchange.request?.method != .HEAD,
           !ResponseHead.forbidsBody(response.status.code) {
            // The exchange stays at the front until its body has been written.
            beginStreamedBody(stream, of: response, for: exchange)
            return false
        }
        popExchange()
        write(response, for: exchange)
        // A stream not written from (a fault, a status without a body): its producer stops.
        response.bodyStream?.detach(abandoning: true)
        return true
    }

    /// Removes the exchange at the front, in place: `removeFirst()` copied it out (a retain of
    /// its request and response) only to destroy the copy.
    func popExchange() {
        dropFront(holding: exchanges[0].bodyReservation)
    }

    /// Removes the front of the queue, whose exchange held `reservation` bytes of the budget.
    private func dropFront(holding reservation: Int) {
        loop.context.bodyBudget.release(reservation)
        exchanges.removeSubrange(0..<1)
        firstSequence += 1
    }

    /// Appends one response (or carries out its fault) and settles the connection's future.
    private func write(_ response: HTTPResponse, for exchange: Exchange) {
        var keepAlive = false
        if case .request(let requestKeepAlive) = exchange.kind { keepAlive = requestKeepAlive }
        if ResponseHead.requestsClose(response) { keepAlive = false }
        if machine.closeAfterInFlight && machine.inFlight == 1 { keepAlive = false }
        if abandonUnfinishedBody(of: exchange) { keepAlive = false }
        let isHead = exchange.request?.method == .HEAD
        borrowSpareOutput()
        var bytes = 0
        var bodyBytes = 0
        switch response.fault {
        case nil:
            bytes = ResponseHead.append(response, to: &output, context: &loop.responseContext,
                                        keepAlive: keepAlive, isHead: isHead)
            bodyBytes = ResponseHead.bodyByteCount(response, isHead: isHead)
        case .close:
            afterFlush = .close
        case .reset:
            afterFlush = .reset
        case .empty:
            bytes = ResponseHead.append(response, to: &output, context: &loop.responseContext, keepAlive: false,
                                        isHead: isHead, framing: .promisedLength(max(response.body.count, 1)))
            afterFlush = .close
        case .malformed:
            bytes = ResponseHead.append(response, to: &output, context: &loop.responseContext, keepAlive: false,
                                        isHead: isHead, framing: .chunked)
            // A chunk-size line that is not hexadecimal, then the body: no client can frame it.
            output.append(contentsOf: "zz\r\n".utf8)
            output.append(contentsOf: response.body)
            output.append(contentsOf: "\r\n".utf8)
            bodyBytes = 6 + response.body.count
            bytes += bodyBytes
            afterFlush = .close
        case .timeout:
            return
        }
        let now = MonotonicInstant.now()
        if afterFlush != .keepOpen { keepAlive = false }
        if machine.responseCompleted(now: now, closeRequested: !keepAlive) == .close, afterFlush == .keepOpen {
            afterFlush = .close
        }
        if !keepAlive {
            acceptsRequests = false
            if bytes > 0 { lingersOnClose = true }
        }
        report(exchange, status: response.status.code, bytes: bodyBytes, fault: response.fault, now: now)
    }

    /// Tells the access log and the observer about a finished exchange. Reads what it needs of
    /// the loop's context in place: a copy of the whole context retained and released its
    /// responder, observer and closures on every request. The answer is read through optional
    /// chaining, field by field: `let response = exchange.response` copied the whole response
    /// (its headers, body and closures retained and released, ~380 Ir a request).
    func report(_ exchange: Exchange, status: Int, bytes: Int, fault: TransportFault?, now: MonotonicInstant) {
        let rejection = exchange.rejection
        let logsAccess = loop.context.configuration.accessLog
        let notifies = rejection != nil ? loop.context.observer != nil : loop.context.observerWantsAnsweredRequests
        guard logsAccess || notifies else { return }
        if logsAccess {
            let started = exchange.startedAt.nanoseconds
            var businessCode: AccessLogEntry.CodeInBody?
            if let body = exchange.response?.body, let range = loop.context.configuration.accessLogBusinessCode(body) {
                businessCode = AccessLogEntry.CodeInBody(body: body, range: range)
            }
            var requestID: RequestID?
            var method = "-"
            var target = "-"
            var targetFromHook = false
            if let request = exchange.request {
                requestID = RequestID.sent(in: request.headers)
                method = request.method.rawValue
                // A target without a query is written as it is, without asking the hook, which
                // masks query parameters: for the user route that call cost ~135 Ir a line.
                targetFromHook = request.query != nil
                target = targetFromHook
                    ? loop.context.configuration.accessLogTarget(request.target) : request.target
            }
            loop.log(
                requestID: requestID ?? loop.generateRequestID(), client: logClient, method: method,
                target: target, targetMayHoldControlBytes: targetFromHook, status: status,
                bodyBytes: bytes, nanoseconds: now.nanoseconds > started ? now.nanoseconds - started : 0,
                fault: fault, delay: exchange.delay,
                answeredBy: exchange.response?.headers[.xMockAnsweredBy],
                businessCode: businessCode, now: now)
        }
        if notifies, let observer = loop.context.observer {
            let duration = now.duration(since: exchange.startedAt)
            let seconds = Double(duration.nanoseconds) / 1e9
            observer.exchangeFinished(FinishedExchange(
                request: exchange.request, rejection: rejection, status: status, bytesSent: bytes,
                startedAt: Date(timeIntervalSinceNow: -seconds), duration: duration,
                remoteAddress: remoteAddress, fault: fault, delay: exchange.delay))
        }
    }

    /// At close: requests that never got their response written still count as finished.
    func reportAbandonedExchanges() {
        let now = MonotonicInstant.now()
        for exchange in exchanges where exchange.request != nil {
            report(exchange, status: exchange.response?.status.code ?? 0, bytes: 0,
                   fault: exchange.response?.fault, now: now)
            loop.context.bodyBudget.release(exchange.bodyReservation)
        }
        exchanges.removeAll()
    }
}
