#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes pieces into a buffer of a length known beforehand (`Array.append(count:_:)`), at a
/// moving offset: a response head of twenty pieces is twenty copies and one append, not twenty
/// appends that each check the array's capacity and uniqueness. Inlinable, so that the server's
/// response head (another module) writes a two-byte separator with a store, not a call: the type
/// itself is `@usableFromInline`, without which the compiler keeps every `@inlinable` member of a
/// `package` type a call in other modules (Swift 6.3, `-O`, checked with `-emit-sil`). Its members
/// are also `@inline(__always)`: merely `@inlinable`, `writeDecimal` and even `offset` stayed
/// calls from the access log's line (HTTPServer), ~50 Ir a piece and some twenty pieces a line.
/// The access log writes its lines in place in its own buffer, from `init(_:from:)`.
@usableFromInline
package struct ByteCursor {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: Int
    @usableFromInline var written: Int
    @inlinable @inline(__always)
    package var offset: Int { written }

    /// A cursor writing into `buffer` from `offset`; the caller has made room for what it writes.
    @inlinable @inline(__always)
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>, from offset: Int) {
        base = buffer.baseAddress!
        end = buffer.count
        written = offset
    }

    @inlinable @inline(__always)
    package mutating func write(_ byte: UInt8) {
        precondition(written < end, "ByteCursor: more bytes written than room was made for")
        base[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(end - written >= bytes.count, "ByteCursor: more bytes written than room was made for")
        memcpy(base + written, source, bytes.count)
        written += bytes.count
    }

    @inlinable @inline(__always)
    package mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    @inlinable @inline(__always)
    package mutating func write(ascii text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The UTF-8 of `text`, copied from the string's own storage.
    @inlinable @inline(__always)
    package mutating func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
            for byte in text.utf8 { write(byte) }
        }
    }

    /// An integer in decimal, `decimalLength(value)` bytes.
    @inlinable @inline(__always)
    package mutating func writeDecimal(_ value: Int) {
        let length = Self.decimalLength(value)
        precondition(end - written >= length, "ByteCursor: more bytes written than room was made for")
        if value < 0 { base[written] = UInt8(ascii: "-") }
        var remaining = value.magnitude
        var index = written + length - 1
        repeat {
            base[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
            remaining /= 10
            index -= 1
        } while remaining > 0
        written += length
    }

    /// The most bytes `writeDecimal` writes: `Int.min`'s sign and nineteen digits.
    @inlinable @inline(__always)
    package static var maxDecimalLength: Int { 20 }

    /// How many bytes `writeDecimal` writes for `value`, its sign included.
    @inlinable @inline(__always)
    package static func decimalLength(_ value: Int) -> Int {
        var length = value < 0 ? 2 : 1
        var probe = value.magnitude
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        return length
    }
}

extension Array where Element == UInt8 {
    /// Appends exactly `count` bytes that `write` puts through a cursor: written in a
    /// temporary buffer (on the stack when small), then appended in one copy. Inlinable, so the
    /// caller's `write` is inlined rather than called through a closure context.
    @inlinable
    package mutating func append(count: Int, _ write: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var cursor = ByteCursor(buffer, from: 0)
            write(&cursor)
            precondition(cursor.written == count, "ByteCursor: fewer bytes written than room was made for")
            append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }
}
