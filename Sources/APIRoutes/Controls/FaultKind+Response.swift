import HTTPServer
import Wire

extension FaultKind {
    /// The response that carries out this fault for a request to `path`: a transport fault the
    /// server performs, an HTTP error in the path's envelope, or HTTP 200 with the API's
    /// business-error envelope (Maka `code` N, Youfan `status` 0, `{"error":…}` elsewhere).
    func response(forPath path: String) -> HTTPResponse {
        switch self {
        case let .transport(fault):
            var response = HTTPResponse.json(JSON.object([("mockFault", .string(fault.rawValue))]).encoded())
            response.fault = fault
            return response
        case let .status(code):
            return Envelope.httpError(status: HTTPStatus(code: code), message: "injected fault: HTTP \(code)", path: path)
        case let .business(code):
            let message = "模拟的业务错误 (injected business error \(code))"
            switch APIStyle(path: path) {
            case .maka:
                return Envelope.makaError(code: code, message: message)
            case .youfan:
                return Envelope.youfanError(message: message)
            case .plain:
                return .json(JSON.object([("error", .object([("code", .int(code)), ("message", .string(message))]))]).encoded())
            }
        }
    }
}
