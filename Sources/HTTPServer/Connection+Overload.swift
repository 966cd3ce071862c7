extension Connection {
    /// The server is out of file descriptors: answer 503 with `Retry-After` without reading a
    /// request, then close in stages like any closing answer.
    func refuseOverloaded() {
        acceptsRequests = false
        machine.parseFailed()
        let message = "the server is out of file descriptors; retry in a second"
        var response = loop.context.errorResponder.response(status: .serviceUnavailable, message: message, path: nil)
        response.headers.replaceOrAdd(name: "Retry-After", value: "1")
        appendExchange(Exchange(kind: .serverError(ServerRejection(message: message, path: nil)),
                                startedAt: .now(), response: response))
        writeReadyResponses()
        flush()
    }
}
