/// A response whose body a connection is writing from a `ResponseBodyStream`: the stream, the
/// exchange it answers, how the body is framed, and what has been written of it.
struct StreamedBody {
    let stream: ResponseBodyStream
    let exchange: Exchange
    let status: Int
    let keepAlive: Bool
    /// Sent chunked (no length known in advance).
    var isChunked: Bool { stream.length == nil }
    /// Body bytes written so far.
    var bytesWritten = 0
    /// The head of an empty body, held until the stream ends: with no last byte to hold back
    /// (see `ResponseBodyStream.take`), the head is what completes the answer for the client.
    var heldHead: [UInt8]?
}
