/// One request's place in a connection's response queue.
struct Exchange {
    enum Kind {
        /// A parsed request handed to the responder (the exchange's `request`).
        case request(keepAlive: Bool)
        /// `100 Continue` owed to a request that asked for it.
        case interimContinue
        /// A response the server generated itself (parse error, 408); the connection closes after it.
        case serverError(ServerRejection)
    }

    var kind: Kind
    /// The parsed request of a `.request` exchange; nil for the others. Stored beside the kind,
    /// not in it: read out of the enum, every look at it (the access log's report, HEAD, CONNECT)
    /// copied the whole kind and the request with it, retained and then released.
    var request: HTTPRequest? = nil
    var startedAt: MonotonicInstant
    /// Nil until the responder replies (and any delay has passed).
    var response: HTTPResponse?
    var delay: Duration?
    /// Bytes of the server's body budget this request's body holds until it is answered.
    var bodyReservation = 0

    var rejection: ServerRejection? {
        if case .serverError(let rejection) = kind { return rejection }
        return nil
    }
}
