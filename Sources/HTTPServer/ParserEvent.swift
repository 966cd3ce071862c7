/// What `RequestParser.next()` found in the bytes appended so far.
public enum ParserEvent: Sendable {
    /// A complete request. Call `next()` again: a pipelined request may follow.
    case request(HTTPRequest)
    /// Nothing more to report until more bytes are appended.
    case needMore
    /// The head of a request with `Expect: 100-continue` is complete and its body is still to
    /// come: send `100 Continue`, keep reading. Emitted once per request, never on HTTP/1.0.
    case expectContinue
    /// The request is malformed or over a limit: answer with the status, then close.
    case error(HTTPParseError)
    /// Only when the parser `offersLargeBodies`: the head of a request whose body is over
    /// `maxBodyBytes` (a chunked one: once its chunks go over it), with an empty `body`. Call
    /// `streamBody()` to take the body as `bodyPiece`s and a `bodyEnd`, or `refuseBody()`.
    case largeBody(HTTPRequest)
    /// The next bytes of a streamed body.
    case bodyPiece([UInt8])
    /// The streamed body is complete; the next request may follow.
    case bodyEnd
}
