/// `application/x-www-form-urlencoded` (and query strings): `&`-separated `name=value`
/// pairs, percent-decoded with `+` as space. Empty pairs are skipped; a pair without `=` has
/// an empty value.
enum FormURLEncoded {
    static func parse(_ text: String, origin: String) throws(ParameterError) -> Parameters {
        var parameters = Parameters()
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let rawName = equals.map { pair[..<$0] } ?? pair
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            guard let name = PercentDecoding.decode(rawName, plusAsSpace: true) else {
                throw ParameterError("invalid percent-encoding or UTF-8 in \(origin) parameter name '\(rawName.prefix(40))'")
            }
            guard let value = PercentDecoding.decode(rawValue, plusAsSpace: true) else {
                throw ParameterError("invalid percent-encoding or UTF-8 in \(origin) parameter '\(name.prefix(40))'")
            }
            parameters.append(name: name, value: value)
        }
        return parameters
    }
}
