import ArgumentParser
import HTTPServer

/// The HTTP server's flags: address, limits, timeouts and logging. Used by `serve` through
/// `@OptionGroup`, so other areas add their own option groups beside it.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The address to listen on: an IPv4 or IPv6 literal or a host name.",
        valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp(
        "The TCP port; 0 picks a free port (the listening line shows which).",
        valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("Longest request line in bytes (longer: 414).", valueName: "bytes"))
    var maxRequestLineBytes = HTTPLimits().maxRequestLineBytes

    @Option(help: ArgumentHelp("Largest header section in bytes (larger: 431).", valueName: "bytes"))
    var maxHeaderBytes = HTTPLimits().maxHeaderBytes

    @Option(help: ArgumentHelp("Most header fields in one request (more: 431).", valueName: "count"))
    var maxHeaderCount = HTTPLimits().maxHeaderCount

    @Option(help: ArgumentHelp(
        "Largest request body in bytes held whole (larger: 413, refused before it is read; a request that goes to an --upstream has it streamed there instead).",
        valueName: "bytes"))
    var maxBodyBytes = HTTPLimits().maxBodyBytes

    @Option(help: ArgumentHelp(
        "Request-body bytes held in memory at once, all connections together (over it: 503 with Retry-After).",
        valueName: "bytes"))
    var maxBufferedBodyBytes = ServerConfiguration().maxBufferedBodyBytes

    @Option(help: ArgumentHelp(
        "Seconds a started header section may take to arrive (then: 408 and close).",
        valueName: "seconds"))
    var headerTimeout = 10.0

    @Option(help: ArgumentHelp(
        "Seconds a keep-alive connection may sit idle before it is closed.",
        valueName: "seconds"))
    var idleTimeout = 60.0

    @Option(help: ArgumentHelp(
        "Seconds a graceful shutdown waits for in-flight requests.",
        valueName: "seconds"))
    var shutdownDeadline = 5.0

    @Option(help: ArgumentHelp(
        "Event loops (a thread each) sharing the connections (default: one per core but one, at least 1).",
        valueName: "count"))
    var eventLoops = ServerConfiguration.defaultEventLoopCount

    @Flag(help: "Don't write the access log (one line per request on standard output).")
    var quiet = false

    @Option(help: ArgumentHelp(
        "The access log and server messages as text lines, or one JSON object per line (keys in docs/api.md, 'Logging').",
        valueName: "text|json"))
    var logFormat = LogFormat.text

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        for (name, value) in [("--max-request-line-bytes", maxRequestLineBytes), ("--max-header-bytes", maxHeaderBytes),
                              ("--max-header-count", maxHeaderCount), ("--event-loops", eventLoops)] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        guard maxBodyBytes >= 0 else { throw ValidationError("--max-body-bytes must not be negative") }
        guard maxBufferedBodyBytes >= 0 else { throw ValidationError("--max-buffered-body-bytes must not be negative") }
        for (name, value) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)] where !(value > 0) {
            throw ValidationError("\(name) must be more than 0 seconds")
        }
        guard shutdownDeadline >= 0 else { throw ValidationError("--shutdown-deadline must not be negative") }
    }

    /// The server configuration these flags describe.
    var configuration: ServerConfiguration {
        var limits = HTTPLimits()
        limits.maxRequestLineBytes = maxRequestLineBytes
        limits.maxHeaderBytes = maxHeaderBytes
        limits.maxHeaderCount = maxHeaderCount
        limits.maxBodyBytes = maxBodyBytes
        var configuration = ServerConfiguration(
            host: host,
            port: port,
            limits: limits,
            maxBufferedBodyBytes: maxBufferedBodyBytes,
            headerTimeout: .seconds(headerTimeout),
            idleTimeout: .seconds(idleTimeout),
            shutdownDeadline: .seconds(shutdownDeadline),
            accessLog: !quiet,
            eventLoopCount: eventLoops
        )
        configuration.logFormat = logFormat
        return configuration
    }
}
