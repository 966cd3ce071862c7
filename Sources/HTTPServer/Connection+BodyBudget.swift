extension Connection {
    /// Grows the share of the server's body budget held for the request being read to `bytes`
    /// (what the parser says its body will hold). When the budget cannot cover it the request is
    /// refused: 503 with `Retry-After`, written before a lingering close that drains whatever
    /// of the body is still coming; returns false then.
    @discardableResult
    func reserveBody(_ bytes: Int, path: String?, now: MonotonicInstant) -> Bool {
        guard bytes > bodyReservation else { return true }
        guard loop.context.bodyBudget.reserve(bytes - bodyReservation) else {
            refuseBody(path: path, now: now)
            return false
        }
        bodyReservation = bytes
        return true
    }

    /// Gives back the share held for the request being read (its body is being dropped).
    func releaseBodyReservation() {
        loop.context.bodyBudget.release(bodyReservation)
        bodyReservation = 0
    }

    /// The body does not fit in the budget: nothing more is parsed and what was buffered is
    /// dropped at once; the 503 goes out after the answers already owed.
    private func refuseBody(path: String?, now: MonotonicInstant) {
        machine.parseFailed()
        acceptsRequests = false
        releaseBodyReservation()
        parser = RequestParser(limits: loop.context.configuration.limits)
        let message = "the server holds too many request bodies in memory right now; retry in a second"
        var response = loop.context.errorResponder.response(status: .serviceUnavailable, message: message, path: path)
        response.headers.replaceOrAdd(name: "Retry-After", value: "1")
        appendExchange(Exchange(kind: .serverError(ServerRejection(message: message, path: path)),
                                startedAt: now, response: response))
        writeReadyResponses()
    }
}
