/// A host and port, as a proxy decides where a request goes: parsed from a `Host` field, an
/// absolute-form target's authority or a CONNECT target, never glued into a URL unparsed.
struct Authority: Sendable, Hashable, CustomStringConvertible {
    /// Lowercased; an IPv6 address keeps its brackets (`[::1]`).
    let host: String
    let port: Int

    /// `host`, `host:port`, `[v6]` or `[v6]:port`; nil for anything else (user information,
    /// a path, an empty host, a port that is not a number from 1 to 65535).
    init?(parsing text: some StringProtocol, defaultPort: Int) {
        let text = String(text)
        guard !text.isEmpty, !text.contains(where: { "/?#@ \t\\".contains($0) }) else { return nil }
        var hostPart = Substring(text)
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[...close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portPart = rest.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard !hostPart.isEmpty, hostPart != "[]" else { return nil }
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let port = Int(portPart), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            self.port = defaultPort
        }
        self.host = hostPart.lowercased()
    }

    init(host: String, port: Int) {
        self.host = host.lowercased()
        self.port = port
    }

    var description: String { "\(host):\(port)" }

    /// The port a scheme implies: 443 for `https`, 80 otherwise.
    static func defaultPort(forScheme scheme: some StringProtocol) -> Int {
        scheme.lowercased() == "https" ? 443 : 80
    }
}
