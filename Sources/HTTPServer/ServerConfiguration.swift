#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the server needs to know before it starts: where to listen, the parser limits,
/// the memory budget, the timeouts and whether to write the access log.
public struct ServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal or a host name (`127.0.0.1`, `::1`, `localhost`).
    public var host: String
    /// The TCP port; 0 lets the system pick a free one (`HTTPServer.start()` returns it).
    public var port: Int
    /// Request-line, header-section and body limits enforced by the parser.
    public var limits: HTTPLimits
    /// Request-body bytes held in memory at once, across all connections. A request whose body
    /// would go over it gets `503` with `Retry-After: 1` as soon as its head (or, chunked, the
    /// chunk size that crosses it) is read; the rest of its body is drained and dropped. The
    /// default, 128 MiB, is eight bodies at the default `maxBodyBytes`.
    public var maxBufferedBodyBytes: Int
    /// How long a started header section may take to arrive completely before a 408.
    public var headerTimeout: Duration
    /// How long a connection may sit with no request in progress before it is closed.
    public var idleTimeout: Duration
    /// How long a graceful shutdown waits for in-flight requests before closing everything.
    public var shutdownDeadline: Duration
    /// Write one line per finished request to standard output.
    public var accessLog: Bool
    /// How access-log lines are written: text for people, one JSON object per line for collectors.
    public var logFormat: LogFormat = .text
    /// How a request target with a query is written in the access log (the mock masks secret
    /// parameters); a target without one is written as it is, without asking.
    public var accessLogTarget: @Sendable (String) -> String = { $0 }
    /// Where the API's own result code lies in an answer's body, for the access log (the mock
    /// reads its envelopes' `code` / `status` / `isSuccess`): the range of the body's bytes the
    /// line shows (a string's without its quotes), written from the body itself; nil when the
    /// body carries none.
    public var accessLogBusinessCode: @Sendable ([UInt8]) -> Range<Int>? = { _ in nil }
    /// The number of event loops (a thread each) that share the connections (default: cores − 1, at least 1).
    public var eventLoopCount: Int
    /// The listen backlog passed to `listen(2)` (the kernel caps it at `somaxconn`).
    public var backlog: Int32
    /// The `Server` header value.
    public var serverName: String

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        limits: HTTPLimits = HTTPLimits(),
        maxBufferedBodyBytes: Int = 128 << 20,
        headerTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(60),
        shutdownDeadline: Duration = .seconds(5),
        accessLog: Bool = true,
        eventLoopCount: Int = ServerConfiguration.defaultEventLoopCount,
        backlog: Int32 = 4096,
        serverName: String = "MockServer"
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.maxBufferedBodyBytes = maxBufferedBodyBytes
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.shutdownDeadline = shutdownDeadline
        self.accessLog = accessLog
        self.eventLoopCount = max(1, eventLoopCount)
        self.backlog = backlog
        self.serverName = serverName
    }

    /// One event loop per active processor but one, and at least one.
    ///
    /// The core left over is for the threads that are not loops: the accept source on the
    /// control queue, `.blocking` handlers and the journal's writes on Dispatch queues. Chosen
    /// when the loops were Dispatch queues (on 2 cores one queue served as many requests per
    /// second as two, with a p99 3-4 times lower, bench/perf.sh); not measured again since each
    /// loop became a thread of its own in `epoll_wait`.
    public static var defaultEventLoopCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)) - 1)
    }
}
