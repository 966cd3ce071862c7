import Wire

/// Which header fields cross the proxy (RFC 9110 §7.6.1): everything except the hop-by-hop
/// fields, the fields the `Connection` field names, and the mock's own `X-Mock-*` controls.
/// Framing (`Content-Length`) is the sender's job on each hop, and `Host` names the upstream.
enum ForwardedHeaders {
    /// The hop-by-hop fields, lowercased: they describe one connection, so neither the proxy nor
    /// capture replay passes them on.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "transfer-encoding", "upgrade",
    ]

    /// The request's fields that go to the upstream, in the order the client sent them.
    static func request(_ fields: some Sequence<(name: String, value: String)>) -> [(name: String, value: String)] {
        let fields = Array(fields)
        let named = connectionOptions(fields)
        return fields.filter { field in
            let lowered = field.name.lowercased()
            return !hopByHop.contains(lowered) && !named.contains(lowered) && !lowered.hasPrefix("x-mock-")
                && lowered != "host" && lowered != "content-length" && lowered != "expect"
        }
    }

    /// The upstream answer's fields that go back to the client, in the order received.
    static func response(_ fields: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let named = connectionOptions(fields)
        return fields.filter { field in
            let lowered = field.name.lowercased()
            return !hopByHop.contains(lowered) && !named.contains(lowered) && lowered != "content-length"
        }
    }

    /// The field names listed in `Connection` (`Connection: close, X-Private`), lowercased.
    private static func connectionOptions(_ fields: [(name: String, value: String)]) -> Set<String> {
        var names = Set<String>()
        for field in fields where field.name.lowercased() == "connection" {
            for option in field.value.split(separator: ",") {
                names.insert(option.trimmingCharacters(in: " \t").lowercased())
            }
        }
        return names
    }
}
