import Wire

/// A JSONPath of the subset stubs and verification accept: `$` (the whole document), then any
/// number of `.key`, `['key']` (or `["key"]`) and `[n]` steps (`$.data.list[0]['price']`).
/// No wildcards, filters or recursive descent: a path names at most one value.
struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    let steps: [Step]
    /// The path as written.
    let description: String

    /// Parses `text`; the error says what is wrong and where (counted in characters from 0).
    init(parsing text: String) throws(JSONPathSyntaxError) {
        var characters = Substring(text)
        guard characters.first == "$" else { throw JSONPathSyntaxError(text, at: 0, "must start with $") }
        characters.removeFirst()
        var steps: [Step] = []
        while let first = characters.first {
            let position = text.count - characters.count
            characters.removeFirst()
            switch first {
            case ".":
                let key = characters.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { throw JSONPathSyntaxError(text, at: position + 1, "a key must follow .") }
                steps.append(.key(String(key)))
                characters = characters.dropFirst(key.count)
            case "[":
                let (step, rest) = try Self.bracketStep(characters, text: text, at: position)
                steps.append(step)
                characters = rest
            default:
                throw JSONPathSyntaxError(text, at: position, "expected . or [ but found \"\(first)\"")
            }
        }
        self.steps = steps
        description = text
    }

    /// `'key']`, `"key"]` or `n]` after a `[` at `position`.
    private static func bracketStep(_ rest: Substring, text: String,
                                    at position: Int) throws(JSONPathSyntaxError) -> (Step, Substring) {
        guard let close = rest.firstIndex(of: "]") else { throw JSONPathSyntaxError(text, at: position, "[ is never closed") }
        let inside = rest[..<close]
        let after = rest[rest.index(after: close)...]
        if let quote = inside.first, quote == "'" || quote == "\"" {
            guard inside.count >= 2, inside.last == quote else {
                throw JSONPathSyntaxError(text, at: position + 1, "a quoted key must end with \(quote) before ]")
            }
            return (.key(String(inside.dropFirst().dropLast())), after)
        }
        guard let index = Int(inside), index >= 0 else {
            throw JSONPathSyntaxError(text, at: position + 1, "[\(inside)] must be a whole number of at least 0 or a quoted key")
        }
        return (.index(index), after)
    }

    /// The value the path names in `document`, nil when a step finds nothing.
    func value(in document: JSON) -> JSON? {
        var current = document
        for step in steps {
            guard let next = Self.child(of: current, at: step) else { return nil }
            current = next
        }
        return current
    }

    /// `document` with the value the path names replaced by `transform` of it; nil when the path
    /// names nothing (a missing key or index is not created).
    func replacing(in document: JSON, _ transform: (JSON) -> JSON) -> JSON? {
        replacing(in: document, steps: steps[...], transform)
    }

    private func replacing(in node: JSON, steps: ArraySlice<Step>, _ transform: (JSON) -> JSON) -> JSON? {
        guard let step = steps.first else { return transform(node) }
        switch (step, node) {
        case let (.key(key), .object(members)):
            guard let position = members.firstIndex(where: { $0.key == key }),
                  let replaced = replacing(in: members[position].value, steps: steps.dropFirst(), transform)
            else { return nil }
            var members = members
            members[position].value = replaced
            return .object(members)
        case let (.index(index), .array(items)):
            guard items.indices.contains(index),
                  let replaced = replacing(in: items[index], steps: steps.dropFirst(), transform)
            else { return nil }
            var items = items
            items[index] = replaced
            return .array(items)
        default:
            return nil
        }
    }

    private static func child(of node: JSON, at step: Step) -> JSON? {
        switch (step, node) {
        case let (.key(key), .object(members)): members.first { $0.key == key }?.value
        case let (.index(index), .array(items)): items.indices.contains(index) ? items[index] : nil
        default: nil
        }
    }
}

/// A JSONPath that is not in the accepted subset: the path, the character position and what is wrong.
struct JSONPathSyntaxError: Error, Sendable {
    let message: String

    init(_ path: String, at position: Int, _ problem: String) {
        message = "JSONPath \"\(path)\" at character \(position): \(problem)"
    }
}
