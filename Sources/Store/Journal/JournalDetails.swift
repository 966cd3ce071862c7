import Foundation
import Wire

/// The parts of a journal entry that no query filters or sorts on — the client, the target, the
/// request body and its size, the duration and the mock controls' marks — kept in one blob
/// column, decoded only when an entry is read back. Bound and stored as eleven columns, each cost
/// SQLite a binding, a record field and a type byte for every journaled request.
///
/// The layout, field after field in that order: a text or byte string is a varint of its length
/// then its bytes; an optional text a varint of its length + 1, 0 for nil; a size a varint; an
/// optional integer a byte 0 (nil) or 1 followed by its zigzag varint; the duration the 8 bytes
/// of its bit pattern, little-endian. Varints are LEB128 (7 bits a byte, low bits first).
enum JournalDetails {
    /// Appends `entry`'s details, with `target` for its target, to `bytes` (the rows of
    /// `journal.005`, which its migration writes).
    static func encode(_ entry: JournalEntry, target: String, into bytes: inout [UInt8]) {
        bytes.append(count: length(of: entry, target: target)) { write(entry, target: target, to: &$0) }
    }

    /// The bytes `write` writes for `entry` with `target`: summed first, so that an entry's
    /// bytes go in one append. Appended field by field, each of some twenty appends checked the
    /// buffer's capacity and uniqueness (~1,200 Ir an entry).
    static func length(of entry: JournalEntry, target: String) -> Int {
        textLength(entry.client) + textLength(target) + varintLength(UInt64(entry.body.count))
            + entry.body.count + varintLength(UInt64(max(0, entry.bodySize))) + 8
            + optionalTextLength(entry.answeredBy) + optionalIntegerLength(entry.delayMilliseconds)
            + optionalTextLength(entry.delaySource) + optionalTextLength(entry.fault)
            + optionalTextLength(entry.faultSource) + optionalTextLength(entry.rejection)
    }

    /// Writes `entry`'s details, with `target` for its target: `length(of:target:)` bytes.
    static func write(_ entry: JournalEntry, target: String, to cursor: inout ByteCursor) {
        writeText(entry.client, to: &cursor)
        writeText(target, to: &cursor)
        writeVarint(UInt64(entry.body.count), to: &cursor)
        cursor.write(entry.body)
        writeVarint(UInt64(max(0, entry.bodySize)), to: &cursor)
        writeFixed64(entry.durationMilliseconds.bitPattern, to: &cursor)
        writeOptionalText(entry.answeredBy, to: &cursor)
        writeOptionalInteger(entry.delayMilliseconds, to: &cursor)
        writeOptionalText(entry.delaySource, to: &cursor)
        writeOptionalText(entry.fault, to: &cursor)
        writeOptionalText(entry.faultSource, to: &cursor)
        writeOptionalText(entry.rejection, to: &cursor)
    }

    /// Sets an entry's details (`entry`, its fields) from `bytes` as `encode` wrote them.
    /// - Throws: `StoreError` (`.corrupt`) when the bytes end early or hold more.
    static func decode(_ bytes: [UInt8], into entry: inout JournalEntry.Fields) throws {
        var reader = Reader(bytes: bytes)
        entry.client = try reader.text()
        entry.target = try reader.text()
        entry.body = try reader.take(try reader.length())
        entry.bodySize = try reader.length()
        entry.durationMilliseconds = Double(bitPattern: try reader.fixed64())
        entry.answeredBy = try reader.optionalText()
        entry.delayMilliseconds = try reader.optionalInteger()
        entry.delaySource = try reader.optionalText()
        entry.fault = try reader.optionalText()
        entry.faultSource = try reader.optionalText()
        entry.rejection = try reader.optionalText()
        guard reader.offset == bytes.count else { throw Reader.malformed }
    }

    /// Eight bytes, little-endian, in one copy (a byte at a time cost ~50 Ir).
    static func writeFixed64(_ value: UInt64, to cursor: inout ByteCursor) {
        withUnsafeBytes(of: value.littleEndian) { cursor.write($0.assumingMemoryBound(to: UInt8.self)) }
    }

    static func varintLength(_ value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    static func writeVarint(_ value: UInt64, to cursor: inout ByteCursor) {
        var value = value
        while value >= 0x80 {
            cursor.write(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        cursor.write(UInt8(value))
    }

    static func textLength(_ text: String) -> Int {
        let count = text.utf8.count
        return varintLength(UInt64(count)) + count
    }

    static func writeText(_ text: String, to cursor: inout ByteCursor) {
        writeVarint(UInt64(text.utf8.count), to: &cursor)
        cursor.write(text)
    }

    private static func optionalTextLength(_ text: String?) -> Int {
        guard let text else { return 1 }
        let count = text.utf8.count
        return varintLength(UInt64(count) + 1) + count
    }

    private static func writeOptionalText(_ text: String?, to cursor: inout ByteCursor) {
        guard let text else { return cursor.write(0) }
        writeVarint(UInt64(text.utf8.count) + 1, to: &cursor)
        cursor.write(text)
    }

    private static func zigzag(_ value: Int) -> UInt64 {
        let signed = Int64(value)
        return UInt64(bitPattern: (signed << 1) ^ (signed >> 63))
    }

    static func optionalIntegerLength(_ value: Int?) -> Int {
        value.map { 1 + varintLength(zigzag($0)) } ?? 1
    }

    static func writeOptionalInteger(_ value: Int?, to cursor: inout ByteCursor) {
        guard let value else { return cursor.write(0) }
        cursor.write(1)
        writeVarint(zigzag(value), to: &cursor)
    }

    /// Reads the fields back in order, checking every length against what is left.
    struct Reader {
        static let malformed = StoreError(code: .corrupt, message: "a journal entry's details are malformed")

        let bytes: [UInt8]
        var offset = 0

        mutating func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            throw Self.malformed
        }

        /// A varint that counts something: it fits an `Int`.
        mutating func length() throws -> Int {
            guard let count = Int(exactly: try varint()) else { throw Self.malformed }
            return count
        }

        /// Moves past `count` bytes; returns where they lie.
        mutating func skip(_ count: Int) throws -> Range<Int> {
            guard count >= 0, count <= bytes.count - offset else { throw Self.malformed }
            defer { offset += count }
            return offset..<offset + count
        }

        mutating func take(_ count: Int) throws -> [UInt8] {
            guard count >= 0, count <= bytes.count - offset else { throw Self.malformed }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func text() throws -> String {
            String(decoding: try take(try length()), as: UTF8.self)
        }

        mutating func optionalText() throws -> String? {
            let lengthAndOne = try length()
            guard lengthAndOne > 0 else { return nil }
            return String(decoding: try take(lengthAndOne - 1), as: UTF8.self)
        }

        mutating func optionalInteger() throws -> Int? {
            guard try take(1)[0] == 1 else { return nil }
            let zigzag = try varint()
            return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        }

        /// Eight bytes, little-endian.
        mutating func fixed64() throws -> UInt64 {
            try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
