/// Appending a string's UTF-8 to a byte buffer in one copy.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text`, copied at once from the string's own storage when it lends
    /// it (native and literal strings do) rather than through the generic sequence append:
    /// response heads, access-log lines and journal rows append a few dozen strings a request.
    package mutating func appendUTF8(_ text: String) {
        text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) } ?? append(contentsOf: text.utf8)
    }
}
