/// A Content-Type value split into `type/subtype` (lowercased) and its parameters
/// (names lowercased, quoted values unquoted).
package struct MediaType {
    package let essence: String
    package let parameters: [String: String]

    package init(_ value: String) {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        essence = parts.first.map { String($0.trimmingCharacters(in: " \t")).lowercased() } ?? ""
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = String(part[..<equals].trimmingCharacters(in: " \t")).lowercased()
            var parameterValue = part[part.index(after: equals)...].trimmingCharacters(in: " \t")
            if parameterValue.count >= 2, parameterValue.first == "\"", parameterValue.last == "\"" {
                parameterValue = parameterValue.dropFirst().dropLast()
            }
            if parameters[name] == nil { parameters[name] = String(parameterValue) }
        }
        self.parameters = parameters
    }

    /// `application/json`, or any `application/…+json`.
    package var isJSON: Bool {
        essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}
