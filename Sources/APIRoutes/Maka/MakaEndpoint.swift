#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer

/// One Maka route's handler, run with the request's parameters (body first, then query).
///
/// Parameters that cannot be decoded are an HTTP 400; a `MakaFailure` is a business error
/// (HTTP 200); anything else is a server bug, answered 500 and written to standard error.
struct MakaEndpoint: HTTPResponder {
    typealias Handler = @Sendable (HTTPRequest, Parameters) throws -> HTTPResponse

    let handler: Handler

    func run(_ request: HTTPRequest) -> HTTPResponse {
        let parameters: Parameters
        do {
            parameters = try request.parameters()
        } catch {
            return Envelope.httpError(status: .badRequest, message: error.message, path: request.path)
        }
        do {
            return try handler(request, parameters)
        } catch let failure as MakaFailure {
            return failure.response
        } catch {
            Self.logFailure("maka: \(request.method) \(request.path) failed: \(error)\n")
            return Envelope.httpError(status: .internalServerError, message: "internal server error", path: request.path)
        }
    }

    /// Writes to standard error with one `write(2)`: no shared `FILE *` state.
    private static func logFailure(_ line: String) {
        var line = line
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        reply(run(request))
    }
}
