import Foundation

/// Told about every finished exchange, once, on the connection's queue: keep it quick
/// (hand heavy work to another queue). The request journal is one.
public protocol ExchangeObserver: Sendable {
    /// False for an observer that only wants the requests the server refused by itself: the
    /// server then skips building a report for every answered request on the hot path.
    var observesAnsweredRequests: Bool { get }

    func exchangeFinished(_ exchange: FinishedExchange)
}

extension ExchangeObserver {
    public var observesAnsweredRequests: Bool { true }
}

/// What happened to one request: what was asked, what was answered, how long it took.
public struct FinishedExchange: Sendable {
    /// The parsed request; nil when the bytes never formed a request (a parse error, a 408).
    public var request: HTTPRequest?
    /// Why the server answered by itself when `request` is nil; nil for requests it handed on.
    public var rejection: ServerRejection?
    /// The status answered (for a fault: the status of the response the fault replaced).
    public var status: Int
    /// Response body bytes written for this exchange (the status line and headers not counted).
    public var bytesSent: Int
    /// When the request was complete and handed to the responder.
    public var startedAt: Date
    /// From `startedAt` until the response was handed to the socket (or the fault carried out).
    public var duration: Duration
    /// The peer as `host:port` (`[v6]:port`).
    public var remoteAddress: String
    /// The transport fault carried out instead of (or while) answering, if any.
    public var fault: TransportFault?
    /// The delay the handler asked for, if any.
    public var delay: Duration?

    public init(request: HTTPRequest?, rejection: ServerRejection? = nil, status: Int, bytesSent: Int, startedAt: Date, duration: Duration,
                remoteAddress: String, fault: TransportFault?, delay: Duration?) {
        self.request = request
        self.rejection = rejection
        self.status = status
        self.bytesSent = bytesSent
        self.startedAt = startedAt
        self.duration = duration
        self.remoteAddress = remoteAddress
        self.fault = fault
        self.delay = delay
    }
}

/// A request the server refused by itself (malformed, too large, too slow), with the reason it
/// gave the client and the path when the request line was read.
public struct ServerRejection: Sendable, Equatable {
    public var message: String
    public var path: String?

    public init(message: String, path: String?) {
        self.message = message
        self.path = path
    }
}
