import Foundation

/// Told about every finished exchange, once, on the connection's queue: keep it quick
/// (hand heavy work to another queue). The request journal is one.
public protocol ExchangeObserver: Sendable {
    func exchangeFinished(_ exchange: FinishedExchange)
}

/// What happened to one request: what was asked, what was answered, how long it took.
public struct FinishedExchange: Sendable {
    /// The parsed request; nil when the bytes never formed a request (a parse error, a 408).
    public var request: HTTPRequest?
    /// The status answered (for a fault: the status of the response the fault replaced).
    public var status: Int
    /// Bytes written for this exchange (head and body).
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

    public init(request: HTTPRequest?, status: Int, bytesSent: Int, startedAt: Date, duration: Duration,
                remoteAddress: String, fault: TransportFault?, delay: Duration?) {
        self.request = request
        self.status = status
        self.bytesSent = bytesSent
        self.startedAt = startedAt
        self.duration = duration
        self.remoteAddress = remoteAddress
        self.fault = fault
        self.delay = delay
    }
}
