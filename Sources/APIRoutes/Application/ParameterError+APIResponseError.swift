import HTTPServer
import Wire

/// Parameters that cannot be decoded (bad percent-encoding, invalid UTF-8, a JSON body that
/// does not parse) are a 400 carrying the decoder's message.
extension ParameterError: APIResponseError {
    public var status: HTTPStatus { .badRequest }

    public func response(in style: APIStyle) -> HTTPResponse {
        HTTPError(.badRequest, message).response(in: style)
    }
}
