extension StubRegex {
    /// Where a pattern that does not compile goes wrong, as `at character N: …` (1-based,
    /// counting characters), for the errors Foundation on Linux reports without a position: a
    /// group or a character class never closed, a `)` that closes nothing, a quantifier with
    /// nothing before it, a `\` at the end. Nil when the pattern's structure looks sound (the
    /// problem is elsewhere, such as an unknown escape or a bad `{n,m}`).
    static func problem(in pattern: String) -> String? {
        var openGroups: [Int] = []
        var openClasses: [Int] = []
        var canRepeat = false
        var characters = Array(pattern).enumerated().makeIterator()
        while let (offset, character) = characters.next() {
            let position = offset + 1
            if character == "\\" {
                guard characters.next() != nil else { return "at character \(position): \"\\\" ends the pattern" }
                canRepeat = true
                continue
            }
            if !openClasses.isEmpty {
                switch character {
                case "[": openClasses.append(position)
                case "]": openClasses.removeLast()
                default: break
                }
                canRepeat = openClasses.isEmpty
                continue
            }
            switch character {
            case "[":
                openClasses.append(position)
                // A `]` first in a class (or after `^`) is literal.
                var lookahead = characters
                if case let (_, next)? = lookahead.next(), next == "]" || next == "^" {
                    characters = lookahead
                    if next == "^", case let (_, after)? = lookahead.next(), after == "]" { characters = lookahead }
                }
            case "(":
                openGroups.append(position)
                canRepeat = false
                var lookahead = characters
                if case (_, "?")? = lookahead.next() { characters = lookahead }
            case ")":
                guard openGroups.popLast() != nil else { return "at character \(position): \")\" closes no group" }
                canRepeat = true
            case "|":
                canRepeat = false
            case "*", "+", "?", "{":
                guard canRepeat else { return "at character \(position): \"\(character)\" has nothing to repeat" }
                if character == "{" {
                    while let (_, next) = characters.next(), next != "}" {}
                }
                // A lazy or possessive quantifier (`*?`, `++`) is one quantifier.
                var lookahead = characters
                if case let (_, next)? = lookahead.next(), next == "?" || next == "+" { characters = lookahead }
                canRepeat = false
            default:
                canRepeat = true
            }
        }
        if let position = openClasses.first { return "at character \(position): \"[\" is never closed" }
        if let position = openGroups.last { return "at character \(position): \"(\" is never closed" }
        return nil
    }

    /// The admin API's message for a `pattern` given as `name` that does not compile.
    static func invalidMessage(_ name: String, _ pattern: String) -> String {
        let base = "\(name) \"\(pattern)\" is not a valid regular expression (ICU syntax)"
        return problem(in: pattern).map { base + ": " + $0 } ?? base
    }
}
