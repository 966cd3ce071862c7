import Wire

/// How a stub or a verification query tests one value (a parameter, a header, the body):
/// `{"equalTo": s}`, `{"contains": s}`, `{"matches": regex}` (the whole value), `{"absent": true}`
/// (or `false`: present), optionally after `{"jsonPath": "$.a.b[0]"}` picks a value out of a JSON
/// body. A `jsonPath` alone asks only that the path exists.
struct ValueMatcher: Sendable {
    enum Predicate: Sendable {
        case equalTo(JSON)
        case contains(String)
        case matches(StubRegex)
        case absent(Bool)
        /// `jsonPath` without another predicate: the path names a value.
        case present
    }

    let jsonPath: JSONPath?
    let predicate: Predicate
    /// The matcher as given, for the admin API.
    let json: JSON

    /// Whether the matcher accepts a value that occurs with these `values` (none: absent) of
    /// `matched`. A repeated parameter or header matches when any of its values does; `absent`
    /// when none is there.
    func matches(values: [String], in matched: MatchedRequest) -> Bool {
        if case let .absent(wanted) = predicate, jsonPath == nil { return values.isEmpty == wanted }
        return values.contains { matches(text: $0, in: matched) }
    }

    /// Whether the matcher accepts the body of `matched`; with a `jsonPath`, the body is parsed
    /// once for every stub that asks.
    func matchesBody(of matched: MatchedRequest) -> Bool {
        guard let jsonPath else { return matches(values: matched.bodyValues, in: matched) }
        guard !matched.request.body.isEmpty else { return false }
        return matches(document: matched.bodyDocument, at: jsonPath, in: matched)
    }

    /// Whether the matcher accepts one value given as text.
    private func matches(text: String, in matched: MatchedRequest) -> Bool {
        guard let jsonPath else { return matches(found: .string(text), in: matched) }
        return matches(document: try? JSON.parse(text), at: jsonPath, in: matched)
    }

    /// Whether the value at `jsonPath` in `document` (nil: not JSON) is accepted.
    private func matches(document: JSON?, at jsonPath: JSONPath, in matched: MatchedRequest) -> Bool {
        guard let found = document.flatMap(jsonPath.value(in:)) else {
            if case let .absent(wanted) = predicate { return wanted }
            return false
        }
        return matches(found: found, in: matched)
    }

    private func matches(found: JSON, in matched: MatchedRequest) -> Bool {
        switch predicate {
        case let .equalTo(expected):
            if case let .string(text) = expected { return Self.text(of: found) == text }
            return found == expected
        case let .contains(part): return Self.text(of: found).contains(part)
        case let .matches(regex): return matched.matchesWhole(regex, Self.text(of: found))
        case let .absent(wanted): return !wanted
        case .present: return true
        }
    }

    /// A found value as text: a string as it is, anything else as its JSON (`12.50`, `true`, `{"a":1}`).
    private static func text(of value: JSON) -> String {
        if case let .string(text) = value { return text }
        return value.encodedString()
    }
}
