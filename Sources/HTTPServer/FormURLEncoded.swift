/// `application/x-www-form-urlencoded` (and query strings): `&`-separated `name=value`
/// pairs, percent-decoded with `+` as space. Empty pairs are skipped; a pair without `=` has
/// an empty value. Works on the UTF-8 bytes: no per-Character work.
enum FormURLEncoded {
    static func parse(_ text: String, origin: String) throws(ParameterError) -> Parameters {
        var text = text
        var result = Result<Parameters, ParameterError>.success(Parameters())
        text.withUTF8 { bytes in
            result = Result { () throws(ParameterError) -> Parameters in try parse(bytes, origin: origin) }
        }
        return try result.get()
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, origin: String) throws(ParameterError) -> Parameters {
        var parameters = Parameters()
        var pairStart = 0
        while pairStart < bytes.count {
            let pairEnd = bytes.firstIndex(of: 0x26, in: pairStart..<bytes.count) ?? bytes.count
            defer { pairStart = pairEnd + 1 }
            guard pairEnd > pairStart else { continue }
            let equals = bytes.firstIndex(of: 0x3D, in: pairStart..<pairEnd)
            let nameRange = pairStart..<(equals ?? pairEnd)
            let valueRange = (equals.map { $0 + 1 } ?? pairEnd)..<pairEnd
            guard let name = PercentDecoding.decode(nameRange, in: bytes, plusAsSpace: true) else {
                throw ParameterError("invalid percent-encoding or UTF-8 in \(origin) parameter name '\(bytes.string(nameRange).prefix(40))'")
            }
            guard let value = PercentDecoding.decode(valueRange, in: bytes, plusAsSpace: true) else {
                throw ParameterError("invalid percent-encoding or UTF-8 in \(origin) parameter '\(name.prefix(40))'")
            }
            parameters.append(name: name, value: value)
        }
        return parameters
    }
}
