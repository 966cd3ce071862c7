#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Header fields as the request parser received them: the field lines' bytes in one allocation,
/// headed by a table of where each name and value lies. A name or value becomes a String only
/// when it is read; most are never read.
///
/// Layout of `storage`: `count` entries of four `UInt32` (name start, name end, value start,
/// value end, as offsets into `storage`), then the bytes of the field lines.
///
/// `@unchecked Sendable`: its storage, a `ManagedBuffer` (which is never `Sendable`), is written
/// only while it is made and read-only after.
package struct ReceivedHeaderFields: @unchecked Sendable {
    /// Where one field's name and trimmed value lie, as offsets from the start of the bytes
    /// handed to `init`.
    package struct Span: Sendable {
        package var name: Range<Int>
        package var value: Range<Int>

        package init(name: Range<Int>, value: Range<Int>) {
            self.name = name
            self.value = value
        }
    }

    private static let entryBytes = 4 * MemoryLayout<UInt32>.size

    /// The table and the bytes, in one allocation; its header is their length. A class of its
    /// own, not generic: a `[UInt8]` looked its generic storage type up at run time on every
    /// request (~0.36k instructions).
    private final class Storage: ManagedBuffer<Int, UInt8> {}

    private let storage: Storage
    package let count: Int

    /// One allocation holding the spans' table and a copy of `bytes`.
    package init(bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<Span>) {
        let tableBytes = spans.count * Self.entryBytes
        let length = tableBytes + bytes.count
        storage = unsafeDowncast(Storage.create(minimumCapacity: length) { _ in length }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            let raw = UnsafeMutableRawBufferPointer(start: elements, count: length)
            for (index, span) in spans.enumerated() {
                let entry = index * Self.entryBytes
                raw.storeBytes(of: UInt32(tableBytes + span.name.lowerBound), toByteOffset: entry, as: UInt32.self)
                raw.storeBytes(of: UInt32(tableBytes + span.name.upperBound), toByteOffset: entry + 4, as: UInt32.self)
                raw.storeBytes(of: UInt32(tableBytes + span.value.lowerBound), toByteOffset: entry + 8, as: UInt32.self)
                raw.storeBytes(of: UInt32(tableBytes + span.value.upperBound), toByteOffset: entry + 12, as: UInt32.self)
            }
            if let source = bytes.baseAddress, !bytes.isEmpty {
                (elements + tableBytes).initialize(from: source, count: bytes.count)
            }
        }
        count = spans.count
    }

    /// Fields copied from `layout`: the table and field lines of another list, as `withLayout`
    /// gives them (or `writeLayout` lays out a list of Strings). One allocation and one copy:
    /// the journal's writer makes its entries' lists so from its pending records.
    package init(layout: UnsafeRawBufferPointer, count: Int) {
        let length = layout.count
        storage = unsafeDowncast(Storage.create(minimumCapacity: length) { _ in length }, to: Storage.self)
        if let source = layout.baseAddress, length > 0 {
            storage.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).copyMemory(from: source, byteCount: length) }
        }
        self.count = count
    }

    /// Calls `body` with the table and the field lines as one block, which `init(layout:count:)` copies.
    package func withLayout<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withBytes { try body(UnsafeRawBufferPointer($0)) }
    }

    /// The bytes `writeLayout` writes for `fields`.
    package static func layoutLength(of fields: [(name: String, value: String)]) -> Int {
        fields.reduce(fields.count * entryBytes) { $0 + $1.name.utf8.count + $1.value.utf8.count }
    }

    /// Lays `fields` out at `destination` as `init(bytes:spans:)` lays out received ones (each
    /// name and value back to back, with no separators, which no reader of the spans needs), in
    /// the `layoutLength(of:)` bytes there.
    package static func writeLayout(of fields: [(name: String, value: String)], to destination: UnsafeMutableRawPointer) {
        var offset = fields.count * entryBytes
        for (index, field) in fields.enumerated() {
            let entry = index * entryBytes
            let nameEnd = offset + copy(field.name, to: destination + offset)
            let valueEnd = nameEnd + copy(field.value, to: destination + nameEnd)
            destination.storeBytes(of: UInt32(offset), toByteOffset: entry, as: UInt32.self)
            destination.storeBytes(of: UInt32(nameEnd), toByteOffset: entry + 4, as: UInt32.self)
            destination.storeBytes(of: UInt32(nameEnd), toByteOffset: entry + 8, as: UInt32.self)
            destination.storeBytes(of: UInt32(valueEnd), toByteOffset: entry + 12, as: UInt32.self)
            offset = valueEnd
        }
    }

    /// Copies `text`'s UTF-8 to `destination`; returns how many bytes.
    private static func copy(_ text: String, to destination: UnsafeMutableRawPointer) -> Int {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress, !bytes.isEmpty { destination.copyMemory(from: source, byteCount: bytes.count) }
            return bytes.count
        }
        if let copied { return copied }
        var count = 0
        for byte in text.utf8 {
            destination.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
            count += 1
        }
        return count
    }

    /// Calls `body` with the table and bytes.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { length, elements in
            try body(UnsafeBufferPointer(start: elements, count: length.pointee))
        }
    }

    package func name(at index: Int) -> String {
        withBytes { $0.string(Self.name(at: index, in: $0)) }
    }

    package func value(at index: Int) -> String {
        withBytes { $0.string(Self.value(at: index, in: $0)) }
    }

    /// Appends the fields as `name: value` lines joined by line feeds (none after the last),
    /// copied from the received bytes.
    package func appendFieldLines(to bytes: inout [UInt8]) {
        guard count > 0 else { return }
        withBytes { source in
            var length = count - 1
            for index in 0..<count {
                length += Self.name(at: index, in: source).count + 2 + Self.value(at: index, in: source).count
            }
            bytes.append(count: length) { cursor in
                for index in 0..<count {
                    if index > 0 { cursor.write(UInt8(ascii: "\n")) }
                    cursor.write(UnsafeBufferPointer(rebasing: source[Self.name(at: index, in: source)]))
                    cursor.write(ascii: ": ")
                    cursor.write(UnsafeBufferPointer(rebasing: source[Self.value(at: index, in: source)]))
                }
            }
        }
    }

    /// Whether `other` was received as exactly these bytes (its table of spans and its field
    /// lines alike), so its fields are these.
    package func holdsSameBytes(as other: ReceivedHeaderFields) -> Bool {
        guard count == other.count else { return false }
        if storage === other.storage { return true }
        return withBytes { bytes in
            other.withBytes { otherBytes in
                bytes.count == otherBytes.count
                    && (bytes.isEmpty || memcmp(bytes.baseAddress!, otherBytes.baseAddress!, bytes.count) == 0)
            }
        }
    }

    /// Whether the name of field `index` is `name`, ignoring ASCII case.
    package func nameEquals(at index: Int, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { wanted in
            withBytes { bytes in Self.spells(bytes, Self.name(at: index, in: bytes), wanted) }
        }
    }

    /// The index of the first field named `name`, ignoring ASCII case; nil when there is none.
    /// The name's bytes and the storage are opened once for all the fields, and only names of
    /// its length are compared.
    package func firstIndex(named name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted in
            withBytes { bytes in
                (0..<count).first { Self.spells(bytes, Self.name(at: $0, in: bytes), wanted) }
            }
        }
    }

    /// Whether `bytes[range]` is `wanted`, ignoring ASCII case.
    private static func spells(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard range.count == wanted.count else { return false }
        var offset = 0
        for position in range {
            if ASCII.lowercased(bytes[position]) != ASCII.lowercased(wanted[offset]) { return false }
            offset += 1
        }
        return true
    }

    /// Whether the name of field `index` spells `known`, in any case.
    package func nameIs(_ known: KnownHeader, at index: Int) -> Bool {
        withBytes { bytes in
            KnownHeader(UnsafeBufferPointer(rebasing: bytes[Self.name(at: index, in: bytes)])) == known
        }
    }

    private static func name(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        range(at: index * entryBytes, in: bytes)
    }

    private static func value(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        range(at: index * entryBytes + 8, in: bytes)
    }

    private static func range(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let raw = UnsafeRawBufferPointer(bytes)
        let lower = raw.load(fromByteOffset: offset, as: UInt32.self)
        let upper = raw.load(fromByteOffset: offset + 4, as: UInt32.self)
        return Int(lower)..<Int(upper)
    }
}
