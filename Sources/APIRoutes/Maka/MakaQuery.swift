import HTTPServer
import Wire

/// The parameters of a read-only Maka list route (`page`, `pageSize`, a category or tag id).
/// A request with no body whose query needs no decoding — what the clients send — is read in
/// place (`PlainQuery`): no pair is decoded, stored or freed, and the list routes' integers are
/// read in one pass (`MakaListFields`). Any other request (a body, an escape, a `+`) is decoded
/// into `Parameters` as every other route's, refusals included, so each name reads the same
/// value either way.
enum MakaQuery: MakaParameterSource {
    case plain(PlainQuery, MakaListFields)
    case decoded(Parameters)

    init(_ request: HTTPRequest) throws(ParameterError) {
        if request.body.isEmpty, let plain = PlainQuery(request.query ?? "") {
            self = .plain(plain, MakaListFields(plain))
        } else {
            self = .decoded(try request.parameters())
        }
    }

    subscript(name: String) -> String? {
        switch self {
        case .plain(let query, _): query[name]
        case .decoded(let parameters): parameters[name]
        }
    }

    func integer(_ name: String) -> MakaInteger {
        switch self {
        case .plain(let query, let fields): fields[name] ?? MakaInteger(query[name])
        case .decoded(let parameters): MakaInteger(parameters[name])
        }
    }
}
