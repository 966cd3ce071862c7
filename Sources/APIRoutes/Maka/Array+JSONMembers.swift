import Wire

/// The members of the Maka objects written straight into an answer's bytes, with no `JSON`
/// tree in between: each member is its opening (`{"id":` for the first, `,"name":` for the
/// others, written as it is) and its value, spelled as `JSON`'s writer spells it.
extension Array where Element == UInt8 {
    mutating func appendMember(_ opening: StaticString, text: String) {
        append(static: opening)
        appendJSONString(text)
    }

    /// Text lent as UTF-8 bytes (a column read in place), written as `appendMember(_:text:)`
    /// writes the `String` they decode to.
    mutating func appendMember(_ opening: StaticString, utf8 text: UnsafeBufferPointer<UInt8>) {
        append(static: opening)
        appendJSONString(utf8: text)
    }

    /// `null` for nil.
    mutating func appendMember(_ opening: StaticString, text: String?) {
        guard let text else { return appendMember(opening, literal: "null") }
        appendMember(opening, text: text)
    }

    mutating func appendMember(_ opening: StaticString, integer: Int) {
        append(static: opening)
        appendDecimal(integer)
    }

    /// `null` for nil.
    mutating func appendMember(_ opening: StaticString, integer: Int64?) {
        guard let integer else { return appendMember(opening, literal: "null") }
        appendMember(opening, integer: Int(integer))
    }

    /// A value written in the source as JSON text (`null`, `"2"`).
    mutating func appendMember(_ opening: StaticString, literal: StaticString) {
        append(static: opening)
        append(static: literal)
    }

    /// Appends a JSON array of `items`, each written by `write`, comma-separated.
    mutating func appendArray<Item>(of items: [Item], writing write: (Item, inout [UInt8]) -> Void) {
        append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            write(item, &self)
        }
        append(UInt8(ascii: "]"))
    }

    /// Appends JSON text written in the source (an opening, a closing, a literal value).
    mutating func append(static text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
