/// The members of a JSON object body as parameters: strings by value, numbers as written,
/// booleans as `true`/`false`, nested objects and arrays as their compact JSON text, null left
/// out. A blank body has none; anything but an object is a `ParameterError`.
enum JSONObjectParameters {
    static func parameters(from body: [UInt8]) throws(ParameterError) -> Parameters {
        guard body.contains(where: { !isJSONWhitespace($0) }) else { return Parameters() }
        let document: JSON
        do {
            document = try JSON.parse(body)
        } catch {
            throw ParameterError("unparsable JSON body at byte \(error.offset): \(error.message)")
        }
        guard case let .object(members) = document else { throw ParameterError("JSON body must be an object") }
        var parameters = Parameters()
        for member in members {
            switch member.value {
            case .null: continue
            case let .string(text): parameters.append(name: member.key, value: text)
            case let value: parameters.append(name: member.key, value: value.encodedString())
            }
        }
        return parameters
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
