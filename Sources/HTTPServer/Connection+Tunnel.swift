extension Connection {
    /// The responder answered a `CONNECT` with a connected far end: writes
    /// `200 Connection Established` (no body, no framing fields: RFC 9110 §9.3.6) and from then
    /// on copies bytes both ways. Bytes the client sent after its `CONNECT` head are the first
    /// ones through the tunnel. An answer without a far end is written as usual.
    func beginTunnel(_ endpoint: TunnelEndpoint, for exchange: Exchange) {
        guard let far = endpoint.take() else {
            close(reset: false)
            return
        }
        let early = Array(parser.buffer[parser.readIndex...])
        parser = RequestParser(limits: loop.context.configuration.limits)
        acceptsRequests = false
        let head = Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)
        output.append(contentsOf: head)
        report(exchange, status: 200, bytes: 0, fault: nil, now: .now())
        let tunnel = Tunnel(far: far, connection: self, idleTimeout: loop.context.configuration.idleTimeout)
        self.tunnel = tunnel
        tunnel.start(sending: early)
    }
}
