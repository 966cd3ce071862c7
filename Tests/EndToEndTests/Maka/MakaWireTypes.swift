import Wire

/// JSON type checks as the clients' parsers need them (WIRE.md §1.3).
extension JSON {
    /// A JSON integer on the wire (not a string of digits, not a fraction).
    var isWireInteger: Bool {
        switch self {
        case .int: return true
        case .numberText(let text): return Int(text) != nil
        default: return false
        }
    }

    /// A JSON string on the wire.
    var isWireString: Bool {
        if case .string = self { return true }
        return false
    }

    /// Whether a `null` occurs anywhere inside this value.
    var containsNull: Bool {
        if isNull { return true }
        if let items = arrayValue { return items.contains { $0.containsNull } }
        if let members = objectValue { return members.contains { $0.value.containsNull } }
        return false
    }
}
