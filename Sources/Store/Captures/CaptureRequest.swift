/// A request as the capture matcher sees it: method, decoded path, raw query, body and its type.
/// Built from a captured record at import and from a live request at replay, so both sides
/// derive their parameters with the same code.
public struct CaptureRequest: Sendable, Hashable {
    public var method: String
    /// The percent-decoded path, starting with `/`.
    public var path: String
    /// The raw query, without `?`, not decoded.
    public var query: String?
    public var body: [UInt8]
    /// The body's media type (`Content-Type`), if known.
    public var contentType: String?

    public init(method: String, path: String, query: String?, body: [UInt8] = [], contentType: String? = nil) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
    }

    /// Query parameters, then body parameters, decoded; in the order they appear.
    ///
    /// The body counts when it is form-urlencoded or a JSON object (top-level members; strings by
    /// value, other values as compact JSON text, null left out). Any other non-empty body, except
    /// multipart, counts as a whole through a `(body)` parameter holding its digest.
    public var parameters: [CaptureParameter] {
        var result = Self.formParameters(query ?? "")
        guard !body.isEmpty else { return result }
        let type = contentType?.lowercased() ?? ""
        if type.contains("x-www-form-urlencoded") {
            result += Self.formParameters(String(decoding: body, as: UTF8.self))
        } else if type.contains("multipart/") {
            return result
        } else if let members = Self.jsonObjectParameters(body) {
            result += members
        } else {
            var hash = SHA256()
            hash.update(body)
            result.append(CaptureParameter(name: "(body)", value: String(hash.hexDigest().prefix(16))))
        }
        return result
    }

    static func formParameters(_ text: String) -> [CaptureParameter] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusIsSpace: true) ?? String(parts[0])
            let rawValue = parts.count > 1 ? parts[1] : ""
            let value = PercentDecoding.decode(rawValue, plusIsSpace: true) ?? String(rawValue)
            return CaptureParameter(name: name, value: value)
        }
    }

    static func jsonObjectParameters(_ body: [UInt8]) -> [CaptureParameter]? {
        guard let tree = try? JSONTreeParser.parse(body), case .object(let members) = tree.value else { return nil }
        return members.compactMap { member in
            switch member.node.value {
            case .null: return nil
            case .string(let text): return CaptureParameter(name: member.key, value: text)
            default:
                let compact = JSONCompaction.compact(body[member.node.range])
                return CaptureParameter(name: member.key, value: String(decoding: compact, as: UTF8.self))
            }
        }
    }
}

/// One decoded request parameter.
public struct CaptureParameter: Sendable, Hashable, Comparable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public static func < (left: CaptureParameter, right: CaptureParameter) -> Bool {
        (left.name, left.value) < (right.name, right.value)
    }
}

/// Removes the whitespace between JSON tokens, leaving strings and escapes exactly as written.
enum JSONCompaction {
    static func compact<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            case UInt8(ascii: "\""): inString = true; output.append(byte)
            default: output.append(byte)
            }
        }
        return output
    }
}
