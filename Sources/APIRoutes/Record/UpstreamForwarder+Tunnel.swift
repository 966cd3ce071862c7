import HTTPServer

extension UpstreamForwarder {
    /// `CONNECT host:port`: a blind TCP tunnel when the proxy allows that host and port (the name
    /// resolved on the `TunnelConnector`'s threads, the connect waited for by none); a `403`
    /// otherwise, a `502` or `504` when the host cannot be reached.
    func openTunnel(for request: HTTPRequest, reply: @escaping @Sendable (consuming HTTPResponse) -> Void) {
        guard proxy.isEnabled else {
            reply(Envelope.httpError(status: .forbidden, message: "CONNECT tunnels are off: start serve with --proxy to be a phone's HTTPS proxy", path: nil))
            return
        }
        guard let authority = request.intendedAuthority, proxy.allows(authority, tunnel: true) else {
            reply(Self.refusal("a tunnel to \(request.target) is not allowed", path: nil))
            return
        }
        let timeout = connectTimeout
        let connector = TunnelConnector.shared
        connector.run {
            TunnelEndpoint.dial(host: authority.host, port: authority.port, timeout: timeout, queue: connector.connects) { result in
                switch result {
                case .success(let endpoint):
                    var response = HTTPResponse(status: .ok)
                    response.tunnel = endpoint
                    reply(response)
                case .failure(let failure):
                    let message: String
                    switch failure {
                    case .hostNotFound: message = "\(authority) unreachable: host not found"
                    case .refused: message = "\(authority) unreachable: connection refused"
                    case .timedOut: message = "\(authority) timed out after \(Self.seconds(timeout)) s"
                    }
                    reply(Envelope.httpError(status: failure == .timedOut ? .gatewayTimeout : .badGateway,
                                             message: message, path: nil))
                }
            }
        }
    }

    /// A `403` for a destination the configuration does not allow.
    static func refusal(_ reason: String, path: String?) -> HTTPResponse {
        Envelope.httpError(status: .forbidden, message: "proxy: \(reason); see --proxy-allow", path: path)
    }
}
