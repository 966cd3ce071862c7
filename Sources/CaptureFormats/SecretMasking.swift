import Wire

/// The one rule that keeps secrets out of what the mock writes for people to read or share:
/// `--record-dir` files, HAR exports, the request journal and the access log. The database
/// copy replay matches against is never masked.
///
/// Masked by default (`--keep-secrets` turns it off):
/// - the `Authorization` and `Proxy-Authorization` headers (the scheme is kept:
///   `Bearer [masked]`), `Cookie` (each cookie's value: `sid=[masked]; theme=[masked]`) and
///   `Set-Cookie` (the cookie's value; its attributes are kept);
/// - every parameter whose name, lowercased with `-` and `_` removed, ends in `token` or
///   `password` (`token`, `password`, `access_token`, `deviceToken`, `newPassword`), in the query
///   of a URL or target, a form-urlencoded body and (at any depth) a JSON body, and a header of
///   such a name (Maka's `token` header).
public struct SecretMasking: Sendable, Equatable {
    /// What a masked value reads as.
    public static let mask = "[masked]"
    /// Secrets masked: the default.
    public static let standard = SecretMasking(isEnabled: true)
    /// Nothing masked (`--keep-secrets`).
    public static let keepingSecrets = SecretMasking(isEnabled: false)

    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Whether a parameter (or header) of this name holds a secret.
    public static func isSecretName(_ name: String) -> Bool {
        endsInFolded(name, token) || endsInFolded(name, password)
    }

    /// Whether `name`, lowercased with `-` and `_` left out, ends in `word` (lowercase ASCII);
    /// read backwards on the bytes, with no copy (every query parameter of every request asks).
    private static func endsInFolded(_ name: String, _ word: StaticString) -> Bool {
        var remaining = word.utf8CodeUnitCount
        let letters = word.utf8Start
        for byte in name.utf8.reversed() where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lowered == letters[remaining - 1] else { return false }
            remaining -= 1
            if remaining == 0 { return true }
        }
        return false
    }

    /// The record with its secrets masked: URL, both sides' headers, and the request body.
    public func record(_ record: CaptureRecord) -> CaptureRecord {
        guard isEnabled else { return record }
        var masked = record
        masked.url = target(record.url)
        masked.requestHeaders = headers(record.requestHeaders)
        masked.requestBody = body(record.requestBody, contentType: record.requestContentType)
        masked.responseHeaders = headers(record.responseHeaders)
        return masked
    }

    /// Headers with secret values masked; names, order and the other values unchanged. Most
    /// requests carry no secret header: they are returned as they are, with no copy.
    public func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        guard !leavesUnchanged(headers) else { return headers }
        return HTTPHeaders(headers.map { (name: $0.name, value: value(ofHeader: $0.name, $0.value)) })
    }

    /// Whether `headers(_:)` returns `headers` as they are: masking is off, or no field has a
    /// secret name.
    public func leavesUnchanged(_ headers: HTTPHeaders) -> Bool {
        !isEnabled || headers.knownNames & Self.secretKnownHeaders == 0
            && !headers.contains(where: { Self.hasSecretName($0.name) })
    }

    /// The known headers whose values are masked: `Authorization`, `Proxy-Authorization`,
    /// `Cookie`, `Set-Cookie` and `token`. Their bits answer for them without a comparison.
    private static var secretKnownHeaders: UInt32 {
        KnownHeader.authorization.bit | KnownHeader.proxyAuthorization.bit | KnownHeader.cookie.bit
            | KnownHeader.setCookie.bit | KnownHeader.token.bit
    }

    /// Whether a header's name is a secret parameter name (`X-Device-Token`). Every such name
    /// ends in `n` (`token`) or `d` (`password`), or in a `-` or `_` that the name rules skip:
    /// the last byte rules out most names (`Host`, `Accept`, `X-Mock-Answered-By`) before any
    /// comparison, and the journal's writer asks of every header list it has not stored before.
    private static func hasSecretName(_ name: String) -> Bool {
        // The last byte read from the string's storage: `utf8.last` walks an index back with
        // its checks (~75 Ir, for every field of both sides).
        guard let last = name.utf8.withContiguousStorageIfAvailable({ $0.last }) ?? name.utf8.last else { return false }
        switch last | 0x20 {
        case UInt8(ascii: "n"), UInt8(ascii: "d"): break
        default: guard last == UInt8(ascii: "-") || last == UInt8(ascii: "_") else { return false }
        }
        return isSecretName(name)
    }

    /// One header value masked as its name requires.
    public func value(ofHeader name: String, _ value: String) -> String {
        guard isEnabled else { return value }
        if name.caseInsensitiveEquals("authorization") || name.caseInsensitiveEquals("proxy-authorization") {
            guard let space = value.firstIndex(of: " ") else { return Self.mask }
            return String(value[..<space]) + " " + Self.mask
        }
        if name.caseInsensitiveEquals("cookie") {
            return value.split(separator: ";", omittingEmptySubsequences: false)
                .map { Self.maskingCookieValue($0) }.joined(separator: ";")
        }
        if name.caseInsensitiveEquals("set-cookie") {
            guard let semicolon = value.firstIndex(of: ";") else { return Self.maskingCookieValue(Substring(value)) }
            return Self.maskingCookieValue(value[..<semicolon]) + String(value[semicolon...])
        }
        return Self.isSecretName(name) ? Self.mask : value
    }

    /// A URL or request target with the secret query parameters' values masked. Works on the
    /// UTF-8 bytes (the access log and the journal call it for every request). The query is
    /// found first and only it is searched for a secret name: most targets have none, and
    /// searching the whole target first cost ~215 Ir a request on the user route.
    public func target(_ target: String) -> String {
        guard isEnabled, Self.queryMayHoldSecretName(target), let queryOffset = Self.queryOffset(in: target) else {
            return target
        }
        let utf8 = target.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: queryOffset)
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        return String(target[..<start]) + query(target[start..<end]) + String(target[end...])
    }

    /// Whether what follows `target`'s first `?` holds `token` or `password` in any case; false
    /// without a `?`. Both looked for in the string's own storage: through a slice of its UTF-8
    /// view, the Youfan list's target cost ~200 Ir more (the slice, its index, its storage).
    private static func queryMayHoldSecretName(_ target: String) -> Bool {
        let found = target.utf8.withContiguousStorageIfAvailable { bytes in
            firstQuestionMark(in: bytes).map { mayHoldSecretName(UnsafeBufferPointer(rebasing: bytes[($0 + 1)...])) }
        }
        if let found { return found ?? false }
        guard let queryOffset = queryOffset(in: target) else { return false }
        let utf8 = target.utf8
        return mayHoldSecretName(utf8[utf8.index(utf8.startIndex, offsetBy: queryOffset)...])
    }

    /// The offset in `target`'s UTF-8 of the byte after its first `?`, read from the string's
    /// storage (`utf8.firstIndex(of:)` steps a `String.Index` per byte); nil without one.
    private static func queryOffset(in target: String) -> Int? {
        let question = UInt8(ascii: "?")
        let found = target.utf8.withContiguousStorageIfAvailable { bytes in
            firstQuestionMark(in: bytes).map { $0 + 1 } ?? 0
        }
        if let found { return found > 0 ? found : nil }
        return target.utf8.firstIndex(of: question).map { target.utf8.distance(from: target.utf8.startIndex, to: $0) + 1 }
    }

    /// The offset of the first `?` in `bytes`, eight bytes at a time: a target without a query,
    /// nearly every one, is two or three words looked at (byte by byte, the user route's fifteen
    /// bytes cost ~110 Ir a request).
    private static func firstQuestionMark(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return bytes.firstIndex(of: UInt8(ascii: "?")) }
        let raw = UnsafeRawPointer(base)
        let questions: UInt64 = 0x3F3F_3F3F_3F3F_3F3F
        var start = 0
        while start + 8 <= bytes.count {
            let hits = zeroBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) ^ questions)
            if hits != 0 { return start + hits.trailingZeroBitCount / 8 }
            start += 8
        }
        // The last few bytes as the word that ends the target, overlapping the one before (whose
        // bytes held no `?`), rather than one by one.
        let last = bytes.count - 8
        guard start < bytes.count else { return nil }
        let hits = zeroBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)) ^ questions)
        return hits != 0 ? last + hits.trailingZeroBitCount / 8 : nil
    }

    /// A request body with secret parameters masked: form-urlencoded pairs, or members of a JSON
    /// body at any depth. Any other body (multipart, binary) is returned as it is.
    public func body(_ body: [UInt8], contentType: String?) -> [UInt8] {
        guard isEnabled, Self.mayHoldSecretName(body) else { return body }
        let type = MediaType(contentType ?? "")
        if type.essence == "application/x-www-form-urlencoded", let text = String(validating: body, as: UTF8.self) {
            return Array(query(text).utf8)
        }
        if type.isJSON || contentType == nil, let document = try? JSON.parse(body) {
            let (masked, changed) = Self.maskingMembers(document)
            return changed ? masked.encoded() : body
        }
        return body
    }

    /// Whether `body(_:contentType:)` returns `body` as it is, whatever its content type:
    /// masking is off, or the bytes hold neither `token` nor `password` in any case.
    public func leavesUnchanged(_ body: [UInt8]) -> Bool {
        !isEnabled || !Self.mayHoldSecretName(body)
    }

    /// A query string or form body with secret values masked: `a=1&token=x` →
    /// `a=1&token=%5Bmasked%5D`; pairs keep their order and encoding.
    public func query<Text: StringProtocol>(_ query: Text) -> String {
        guard isEnabled, Self.mayHoldSecretName(query.utf8) else { return String(query) }
        let bytes = Array(query.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for (index, pair) in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")),
               let name = PercentDecoding.decode(String(decoding: pair[..<equals], as: UTF8.self), plusAsSpace: true),
               Self.isSecretName(name) {
                output += pair[...equals]
                output += Self.formMask
            } else {
                output += pair
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `[masked]` as a form or query value.
    private static let formMask = Array(FormURLEncoded.encode(mask).utf8)

    /// Whether `bytes` contain `token` or `password` in any case: a body without either has no
    /// secret parameter and is not parsed (the journal masks every request body).
    static func mayHoldSecretName<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.withContiguousStorageIfAvailable(mayHoldSecretName) ?? mayHoldSecretName(Array(bytes))
    }

    /// One pass over the bytes, eight at a time, comparing further only at a `to` or a `pa` (in
    /// any case): the journal asks this of every request and answer body, most of which hold
    /// neither word. A lone `t` or `p` is common in JSON (`"type"`, `"phone"`, `true`); matched
    /// by the first letter only, each one cost a call that compared the next letters.
    private static func mayHoldSecretName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= token.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        guard bytes.count >= 9 else {
            return bytes.indices.contains { holdsSecretWord(at: $0, in: bytes) }
        }
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start + 9 <= bytes.count {
            if holdsSecretWord(amongEightFrom: start, raw, in: bytes) { return true }
            start += 8
        }
        // The last few positions as the eight that end one byte before the end, overlapping the
        // eight before (a position looked at twice is harmless), rather than one by one (~8 Ir a
        // byte, on every body the journal masks); the last byte starts no word.
        return start < bytes.count - 1 && holdsSecretWord(amongEightFrom: bytes.count - 9, raw, in: bytes)
    }

    /// Whether `token` or `password` starts at one of the eight positions from `start`: each
    /// position's byte and the byte after it compared at once (the second load reads one byte
    /// further, so `start + 9` bytes must be there).
    @inline(__always)
    private static func holdsSecretWord(
        amongEightFrom start: Int, _ raw: UnsafeRawPointer, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let fold: UInt64 = 0x2020_2020_2020_2020
        let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) | fold
        let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self)) | fold
        var candidates = zeroBytes(first ^ 0x7474_7474_7474_7474) & zeroBytes(second ^ 0x6F6F_6F6F_6F6F_6F6F)
            | zeroBytes(first ^ 0x7070_7070_7070_7070) & zeroBytes(second ^ 0x6161_6161_6161_6161)
        while candidates != 0 {
            if holdsSecretWord(at: start + candidates.trailingZeroBitCount / 8, in: bytes) { return true }
            candidates &= candidates - 1
        }
        return false
    }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// Whether `token` or `password` starts at `start`, in any case.
    private static func holdsSecretWord(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes[start] | 0x20 {
        case UInt8(ascii: "t"): holds(token, at: start, in: bytes)
        case UInt8(ascii: "p"): holds(password, at: start, in: bytes)
        default: false
        }
    }

    private static var token: StaticString { "token" }
    private static var password: StaticString { "password" }

    /// Whether `word` (lowercase ASCII) starts at `start`, in any case.
    private static func holds(_ word: StaticString, at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - start >= count else { return false }
        let letters = word.utf8Start
        for offset in 1..<count where bytes[start + offset] | 0x20 != letters[offset] { return false }
        return true
    }

    /// ` sid=abc` → ` sid=[masked]`.
    private static func maskingCookieValue(_ pair: Substring) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
        return String(pair[...equals]) + mask
    }

    private static func maskingMembers(_ node: JSON) -> (JSON, Bool) {
        switch node {
        case let .object(members):
            var changed = false
            let masked = members.map { member -> (key: String, value: JSON) in
                if isSecretName(member.key), !member.value.isNull {
                    changed = true
                    return (member.key, .string(mask))
                }
                let (value, inner) = maskingMembers(member.value)
                changed = changed || inner
                return (member.key, value)
            }
            return (.object(masked), changed)
        case let .array(items):
            let results = items.map(maskingMembers)
            return (.array(results.map(\.0)), results.contains { $0.1 })
        default:
            return (node, false)
        }
    }
}
