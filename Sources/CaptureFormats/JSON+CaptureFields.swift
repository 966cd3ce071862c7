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

    /// A number as written (`1e999`, `200.5`), else the kind of value: a number that is
    /// not acceptable is named by its text, since "not a number" would contradict itself.
    var valueForMessage: String {
        switch self {
        case .numberText(let text): text
        case .number(let value): "\(value)"
        default: kindName
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

/// Required and optional members, read with problems that name the field path.
extension JSON {
    /// A required member, or a problem naming the field path.
    func required(_ key: String, in path: String) throws(EntryProblem) -> JSON {
        guard let member = self[key], !member.isNull else { throw EntryProblem("\(path)\(key) is missing") }
        return member
    }

    /// A required string member.
    func requiredString(_ key: String, in path: String) throws(EntryProblem) -> String {
        let member = try required(key, in: path)
        guard case let .string(text) = member else { throw EntryProblem("\(path)\(key) must be a string, not \(member.kindName)") }
        return text
    }

    /// An optional string member: nil when absent or null, a problem when of another kind.
    func optionalString(_ key: String, in path: String) throws(EntryProblem) -> String? {
        guard let member = self[key], !member.isNull else { return nil }
        guard case let .string(text) = member else { throw EntryProblem("\(path)\(key) must be a string, not \(member.kindName)") }
        return text
    }

    /// A required object member.
    func requiredObject(_ key: String, in path: String) throws(EntryProblem) -> JSON {
        let member = try required(key, in: path)
        guard member.isObject else { throw EntryProblem("\(path)\(key) must be an object, not \(member.kindName)") }
        return member
    }

    /// The HTTP status in a response object, checked to be 100…599.
    func status(in path: String) throws(EntryProblem) -> Int {
        let member = try required("status", in: path)
        guard let status = member.wholeNumber else {
            throw EntryProblem("\(path)status must be a whole number from 100 to 599, not \(member.valueForMessage)")
        }
        guard (100...599).contains(status) else { throw EntryProblem("\(path)status \(status) is not an HTTP status (100–599)") }
        return status
    }

    /// Headers given as `[{"name":…,"value":…}]` (HAR) or, for capture JSON, `{"Name": "value"}`.
    func headers(_ key: String, in path: String, allowObject: Bool) throws(EntryProblem) -> HTTPHeaders {
        guard let member = self[key], !member.isNull else { return HTTPHeaders() }
        switch member {
        case .array(let items):
            var headers = HTTPHeaders()
            for (index, item) in items.enumerated() {
                let itemPath = "\(path)\(key)[\(index)]."
                headers.add(name: try item.requiredString("name", in: itemPath),
                            value: try item.requiredString("value", in: itemPath))
            }
            return headers
        case .object(let members) where allowObject:
            var headers = HTTPHeaders()
            for member in members {
                switch member.value {
                case .string(let text), .numberText(let text): headers.add(name: member.key, value: text)
                case .int(let number): headers.add(name: member.key, value: String(number))
                default:
                    throw EntryProblem("\(path)\(key).\(member.key) must be a string, not \(member.value.kindName)")
                }
            }
            return headers
        default:
            throw EntryProblem("\(path)\(key) must be \(allowObject ? "an object or " : "")an array of {name, value}, not \(member.kindName)")
        }
    }
}
