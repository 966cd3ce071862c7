/// Size limits the request parser enforces while bytes arrive, before anything is buffered
/// beyond them.
///
/// - `maxRequestLineBytes`: the request line without its CRLF; longer → 414.
/// - `maxHeaderBytes`: every header field line including its CRLF (not the request line, not
///   the blank line that ends the section); larger → 431. Chunked trailers get the same budget.
/// - `maxHeaderCount`: header field lines; more → 431.
/// - `maxBodyBytes`: the decoded body; a larger Content-Length → 413 as soon as the head is
///   read, a chunked body that grows past it → 413 as soon as the chunk size says so.
public struct HTTPLimits: Sendable, Equatable {
    public var maxRequestLineBytes: Int
    public var maxHeaderBytes: Int
    public var maxHeaderCount: Int
    public var maxBodyBytes: Int

    public init(
        maxRequestLineBytes: Int = 8192,
        maxHeaderBytes: Int = 65536,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 16 << 20
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
