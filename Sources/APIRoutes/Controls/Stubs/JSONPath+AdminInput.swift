extension JSONPath {
    /// Parses the JSONPath an admin body gives as `name`; a syntax error is a `400` naming it.
    init(parsing text: String, name: String) throws {
        do {
            try self.init(parsing: text)
        } catch {
            throw AdminInputError("\(name): \(error.message)")
        }
    }
}
