import HTTPServer
import Wire

/// The parameters of a read-only Maka list route (`page`, `pageSize`, a category or tag id).
/// A request with no body whose query needs no decoding — what the clients send — is read in
/// place (`PlainQuery`): no pair is decoded, stored or freed. Any other request (a body, an
/// escape, a `+`) is decoded into `Parameters` as every other route's, refusals included, so
/// each name reads the same value either way.
enum MakaQuery: MakaParameterSource {
    case plain(PlainQuery)
    case decoded(Parameters)

    init(_ request: HTTPRequest) throws(ParameterError) {
        if request.body.isEmpty, let plain = PlainQuery(request.query ?? "") {
            self = .plain(plain)
        } else {
            self = .decoded(try request.parameters())
        }
    }

    subscript(name: String) -> String? {
        switch self {
        case .plain(let query): query[name]
        case .decoded(let parameters): parameters[name]
        }
    }
}
