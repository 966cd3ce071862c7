import Wire

/// What the capture readers ask of a parsed value beyond `Wire.JSON`'s accessors.
extension JSON {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// A number that is a whole number (`200`, `200.0`), or a string holding one.
    var wholeNumber: Int? {
        switch self {
        case .int(let value): return Int(exactly: value)
        case .numberText(let text), .string(let text):
            if let whole = Int(text) { return whole }
            if let real = Double(text), real.rounded() == real, abs(real) < 1e15 { return Int(real) }
            return nil
        default:
            return nil
        }
    }

    /// A short name for the kind of value, for error messages.
    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .int, .number, .numberText: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .raw: "a JSON value"
        }
    }
}
