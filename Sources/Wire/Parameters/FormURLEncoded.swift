/// `application/x-www-form-urlencoded` (and query strings): `&`-separated `name=value`
/// pairs, percent-decoded with `+` as space. Empty pairs are skipped; a pair without `=` has
/// an empty value. Works on the UTF-8 bytes: no per-Character work. Also encodes components.
package enum FormURLEncoded {
    package static func parse(_ text: String, origin: String) throws(ParameterError) -> Parameters {
        var text = text
        var result = Result<Parameters, ParameterError>.success(Parameters())
        text.withUTF8 { bytes in
            result = Result { () throws(ParameterError) -> Parameters in try parse(bytes, origin: origin) }
        }
        return try result.get()
    }

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, origin: String) throws(ParameterError) -> Parameters {
        // Room for the pairs at once (grown from empty, the array was reallocated at 1, 2, 4 …
        // pairs), but no more than `reservedPairs` ahead of them: a body of `&&&&` holds none.
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(min(bytes.reduce(1) { $1 == 0x26 ? $0 + 1 : $0 }, reservedPairs))
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
            pairs.append((name: name, value: value))
        }
        return Parameters(pairs)
    }

    /// The most pairs room is made for before they are read.
    private static let reservedPairs = 64

    /// `text` as a form component: unreserved characters (`A-Z a-z 0-9 - . _ ~`) as they are,
    /// every other UTF-8 byte as `%XX`.
    package static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
