#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an access-log line's pieces straight into the log's buffer, at a moving offset, in
/// room made beforehand for the longest the line can be. Every write is inlined here: through
/// Wire's `ByteCursor` (another module) each piece stayed a call, ~50 Ir a piece and some twenty
/// pieces a line, and the line went through a temporary buffer before being copied into the log.
struct AccessLogCursor {
    private let base: UnsafeMutablePointer<UInt8>
    private let end: Int
    /// Where the next byte goes.
    private(set) var offset: Int

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        base = buffer.baseAddress!
        end = buffer.count
        self.offset = offset
    }

    /// The most bytes `writeDecimal` writes: `Int.min`'s sign and nineteen digits.
    static let maxDecimalLength = 20

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        precondition(offset < end, "AccessLogCursor: more bytes written than room was made for")
        base[offset] = byte
        offset += 1
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(end - offset >= bytes.count, "AccessLogCursor: more bytes written than room was made for")
        memcpy(base + offset, source, bytes.count)
        offset += bytes.count
    }

    /// A fixed piece; its length is a constant once inlined, so the copy is a store or two.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// The UTF-8 of `text`, copied from the string's own storage.
    @inline(__always)
    mutating func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
            for byte in text.utf8 { write(byte) }
        }
    }

    /// An integer in decimal: its digits counted, then written from the last.
    @inline(__always)
    mutating func writeDecimal(_ value: Int) {
        var length = value < 0 ? 2 : 1
        var probe = value.magnitude
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        precondition(end - offset >= length, "AccessLogCursor: more bytes written than room was made for")
        if value < 0 { base[offset] = UInt8(ascii: "-") }
        var remaining = value.magnitude
        var index = offset + length - 1
        repeat {
            base[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
            remaining /= 10
            index -= 1
        } while remaining > 0
        offset += length
    }
}
