import HTTPServer
import Store
import Wire

/// Checks and normalises Maka request values; every refusal is a business error naming the
/// parameter (400 when missing, 422 when invalid).
enum MakaInput {
    static let maximumURLLength = 1024
    static let maximumPages = 100

    /// A plain decimal integer of 1–18 ASCII digits (no sign, no spaces), read in one pass over
    /// the bytes (18 digits cannot overflow an `Int`).
    static func decimal(_ text: String) -> Int? {
        decimal(digits: text.utf8)
    }

    /// `decimal` of bytes where they lie.
    static func decimal(digits bytes: some Sequence<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// A required parameter.
    static func required(_ parameters: Parameters, _ name: String) throws(MakaFailure) -> String {
        guard let value = parameters[name] else { throw .missing(name) }
        return value
    }

    /// An optional positive id such as `tagId`; an empty value means "not given".
    static func optionalID(_ parameters: some MakaParameterSource, _ name: String) throws(MakaFailure) -> Int64? {
        switch parameters.integer(name) {
        case .absent, .empty: return nil
        case .decimal(let value) where value > 0: return Int64(value)
        default: throw .invalid("\(name) must be a positive integer")
        }
    }

    /// An optional `templateId` (`T_` + 8 characters `[0-9A-Z]`); an empty value means "none".
    static func optionalTemplateID(_ parameters: Parameters) throws(MakaFailure) -> String? {
        guard let text = parameters["templateId"], !text.isEmpty else { return nil }
        guard MakaTemplate.isValidID(text) else { throw .invalid("templateId must be T_ and 8 characters 0-9 A-Z") }
        return text
    }

    static func id(_ text: String, name: String) throws(MakaFailure) -> Int64 {
        guard let value = decimal(text), value > 0 else { throw .invalid("\(name) must be a positive integer") }
        return Int64(value)
    }

    /// An email, trimmed and lowercased: `local@domain.tld`, at most 100 characters.
    static func email(_ raw: String) throws(MakaFailure) -> String {
        let email = raw.trimmingWhitespace().lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let localCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789._%+-")
        let domainCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard email.count <= 100, parts.count == 2, !parts[0].isEmpty,
              parts[0].allSatisfy(localCharacters.contains),
              !parts[0].hasPrefix("."), !parts[0].hasSuffix("."), !parts[0].contains("..") else {
            throw .invalid("email is not a valid email address")
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
              labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(domainCharacters.contains)
                                  && !$0.hasPrefix("-") && !$0.hasSuffix("-") }),
              let top = labels.last, top.count >= 2, top.allSatisfy(\.isLetter) else {
            throw .invalid("email is not a valid email address")
        }
        return email
    }

    /// A password: 6–32 characters, no control characters. Never echoed back.
    static func password(_ raw: String) throws(MakaFailure) -> String {
        guard (6...32).contains(raw.count), !raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("password must be 6 to 32 characters without control characters")
        }
        return raw
    }

    /// Free text, trimmed, `length` characters long, on one line.
    static func text(_ raw: String, name: String, length: ClosedRange<Int>) throws(MakaFailure) -> String {
        let text = raw.trimmingWhitespace()
        guard length.contains(text.count),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("\(name) must be \(length.lowerBound) to \(length.upperBound) characters on one line")
        }
        return text
    }

    /// An image URL: empty, or `http://` / `https://` without spaces, at most 1024 characters.
    static func url(_ raw: String, name: String) throws(MakaFailure) -> String {
        let url = raw.trimmingWhitespace()
        if url.isEmpty { return url }
        let lowered = url.lowercased()
        guard url.utf8.count <= maximumURLLength, lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
              url.utf8.count > (lowered.hasPrefix("https://") ? 8 : 7),
              !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw .invalid("\(name) must be an http(s) URL of at most \(maximumURLLength) bytes")
        }
        return url
    }

    /// Maka's document content (WIRE.md §4.3): JSON text `{"json":[Page…],"music":[]}`; its
    /// `json` pages are stored as `pages` are.
    static func pdata(_ raw: String) throws(MakaFailure) -> (json: String, count: Int) {
        guard let parsed = try? JSON.parse(raw), parsed.objectValue != nil, let pages = parsed["json"] else {
            throw .invalid("pdata must be a JSON object with a json array of pages")
        }
        do {
            return try Self.pages(pages.encodedString())
        } catch {
            throw .invalid("pdata must be a JSON object with a json array of at most \(maximumPages) page objects")
        }
    }

    /// Page content: a JSON array of at most 100 objects, stored re-encoded (compact).
    static func pages(_ raw: String) throws(MakaFailure) -> (json: String, count: Int) {
        guard let parsed = try? JSON.parse(raw), let pages = parsed.arrayValue,
              pages.allSatisfy({ $0.objectValue != nil }) else {
            throw .invalid("pages must be a JSON array of page objects")
        }
        guard pages.count <= maximumPages else { throw .invalid("pages may hold at most \(maximumPages) pages") }
        return (parsed.encodedString(), pages.count)
    }
}

extension String {
    /// Without leading and trailing white space (spaces, tabs, newlines, ideographic space).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
