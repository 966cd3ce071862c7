extension JSON {
    /// Parses one JSON text (RFC 8259): surrounding white space allowed, nothing else after it.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes, keepingSourceOf: [])
        return try parser.parseDocument()
    }

    /// Parses one JSON text, keeping every object or array that is the value of a member named
    /// in `memberNames` as `.raw` source text: compact, strings and escapes exactly as written.
    /// Capture readers use this so a captured body is replayed as it was written.
    public static func parse(_ bytes: [UInt8], keepingSourceOf memberNames: Set<String>) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes, keepingSourceOf: memberNames)
        return try parser.parseDocument()
    }

    /// Parses the UTF-8 encoding of `text`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }
}

