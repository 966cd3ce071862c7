/// A parsed JSON document that remembers where each value sits in the source bytes, so a
/// captured body can be kept as the exact JSON text it was written as.
///
/// Internal to the capture reader; the API layer has its own `JSON` type for responses.
struct JSONTree {
    /// The kinds of JSON value; numbers keep their source text.
    indirect enum Value {
        case object([(key: String, node: JSONTree)])
        case array([JSONTree])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    let value: Value
    /// Where the value's text sits in the source bytes.
    let range: Range<Int>

    /// The member of an object with this key (the first one, if repeated).
    subscript(key: String) -> JSONTree? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.node
    }

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var array: [JSONTree]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A number that is a whole number (`200`, `200.0`), or a string holding one.
    var integer: Int? {
        switch value {
        case .number(let text), .string(let text):
            if let whole = Int(text) { return whole }
            if let real = Double(text), real.rounded() == real, abs(real) < 1e15 { return Int(real) }
            return nil
        default:
            return nil
        }
    }

    /// A number as a double.
    var double: Double? {
        if case .number(let text) = value { return Double(text) }
        return nil
    }

    /// A short name for the kind of value, for error messages.
    var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
