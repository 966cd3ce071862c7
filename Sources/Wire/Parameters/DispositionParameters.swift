/// A `Content-Disposition` value: its type (lowercased) and `;`-separated parameters, with
/// quoted-string values unquoted (`\"` and `\\` unescaped). Parameter names are lowercased.
package struct DispositionParameters {
    package var type = ""
    package var parameters: [String: String] = [:]

    package static func parse(_ value: Substring) -> DispositionParameters {
        var result = DispositionParameters()
        var characters = value[...]
        result.type = String(readUntil(";", in: &characters).trimmingCharacters(in: " \t")).lowercased()
        while !characters.isEmpty {
            characters.removeFirst()
            let name = String(readUntil("=;", in: &characters).trimmingCharacters(in: " \t")).lowercased()
            guard characters.first == "=" else { continue }
            characters.removeFirst()
            characters = characters.trimmingCharacters(in: " \t")
            let parameterValue: String
            if characters.first == "\"" {
                characters.removeFirst()
                parameterValue = readQuoted(&characters)
                _ = readUntil(";", in: &characters)
            } else {
                parameterValue = String(readUntil(";", in: &characters).trimmingCharacters(in: " \t"))
            }
            if !name.isEmpty && result.parameters[name] == nil { result.parameters[name] = parameterValue }
        }
        return result
    }

    private static func readUntil(_ stops: String, in characters: inout Substring) -> Substring {
        let end = characters.firstIndex { stops.contains($0) } ?? characters.endIndex
        defer { characters = characters[end...] }
        return characters[..<end]
    }

    /// After the opening quote: up to the closing quote, which is consumed.
    private static func readQuoted(_ characters: inout Substring) -> String {
        var text = ""
        while let character = characters.popFirst() {
            if character == "\"" { break }
            if character == "\\", let escaped = characters.popFirst() {
                text.append(escaped)
            } else {
                text.append(character)
            }
        }
        return text
    }
}
