import Testing
import Wire

/// The JSON type a client's parser needs for one field (WIRE.md §1.3): what Gson (SP, GF),
/// fastjson (TK) and the iOS clone's own code (HC) accept at once.
enum YoufanWireType: Sendable, CustomStringConvertible {
    /// A JSON integer (Gson `int`; `"1"` would pass Gson but not `isEqualToNumber:`).
    case integer
    /// A JSON string.
    case string
    /// A JSON string of decimal digits (ids, codes that Java `Integer.parseInt`s).
    case digits
    /// A JSON string holding a price with six decimals (`"229.000000"`).
    case price
    /// A JSON string that is empty or an `http://` URL: never null, never a number.
    case url
    /// `true` or `false`.
    case boolean
    /// A JSON object (never `[]`).
    case object
    /// A JSON array.
    case array
    /// A non-empty JSON array of strings.
    case arrayOfStrings

    var description: String {
        switch self {
        case .integer: "integer"
        case .string: "string"
        case .digits: "string of digits"
        case .price: "price string with six decimals"
        case .url: "URL string"
        case .boolean: "boolean"
        case .object: "object"
        case .array: "array"
        case .arrayOfStrings: "array of strings"
        }
    }

    func accepts(_ value: JSON) -> Bool {
        switch self {
        case .integer: value.isInteger
        case .string: value.stringValue != nil
        case .digits: value.stringValue.map { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) } ?? false
        case .price: value.stringValue.map(Self.isSixDecimalPrice) ?? false
        case .url: value.stringValue.map { $0.isEmpty || $0.hasPrefix("http://") || $0.hasPrefix("https://") } ?? false
        case .boolean: if case .bool = value { true } else { false }
        case .object: value.objectMembers != nil
        case .array: value.arrayValue != nil
        case .arrayOfStrings: value.arrayValue.map { !$0.isEmpty && $0.allSatisfy { $0.stringValue != nil } } ?? false
        }
    }

    private static func isSixDecimalPrice(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCIIDigit)
            && parts[1].count == 6 && parts[1].allSatisfy(\.isASCIIDigit)
    }
}

extension JSON {
    /// Whether this is a JSON integer (no fraction, no exponent) however it was parsed.
    var isInteger: Bool {
        switch self {
        case .int: true
        case let .numberText(text): Int(text) != nil
        case let .raw(bytes): (try? JSON.parse(bytes))?.isInteger ?? false
        default: false
        }
    }

    /// The members of an object, nil for anything else.
    var objectMembers: [(key: String, value: JSON)]? {
        switch self {
        case let .object(members): members
        case let .raw(bytes): (try? JSON.parse(bytes))?.objectMembers
        default: nil
        }
    }

    /// The values at a dotted key path; `*` steps into every element of an array (and requires
    /// at least one). A missing step gives no values.
    func values(at path: String) -> [JSON] {
        var current = [self]
        for step in path.split(separator: ".") {
            current = current.flatMap { value -> [JSON] in
                if step == "*" { return value.arrayValue ?? [] }
                if let index = Int(step), let array = value.arrayValue { return index < array.count ? [array[index]] : [] }
                return value[String(step)].map { [$0] } ?? []
            }
        }
        return current
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Expects every key path of `expected` to be present in `json` with the JSON type its client
/// needs; the message names the path and what was found.
func expectWireTypes(_ json: JSON, _ expected: KeyValuePairs<String, YoufanWireType>, client: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    for (path, type) in expected {
        let found = json.values(at: path)
        #expect(!found.isEmpty, "\(client): \(path) is missing", sourceLocation: sourceLocation)
        for value in found where !type.accepts(value) {
            Issue.record("\(client): \(path) must be \(type), is \(String(decoding: value.encoded(), as: UTF8.self))",
                         sourceLocation: sourceLocation)
        }
    }
}
