import Wire

/// A capture file that cannot be imported: which file, which entry (0-based, as in the file's
/// array), and what is wrong. Nothing of such a file is written.
public struct CaptureFormatError: Error, Sendable, CustomStringConvertible {
    /// The file name (or `request body` for the admin endpoint).
    public let file: String
    /// The index of the bad entry in `log.entries` or the record array; nil for whole-file problems.
    public let entry: Int?
    /// What is wrong, naming the field (`response.status is missing`).
    public let problem: String

    public init(file: String, entry: Int?, problem: String) {
        self.file = file
        self.entry = entry
        self.problem = problem
    }

    public var description: String {
        if let entry { return "\(file): entry \(entry): \(problem)" }
        return "\(file): \(problem)"
    }
}

/// A problem inside one entry, before the file and entry index are attached.
struct EntryProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

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
            throw EntryProblem("\(path)status must be a number, not \(member.kindName)")
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
