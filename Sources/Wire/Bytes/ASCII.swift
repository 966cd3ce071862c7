/// Single-byte ASCII rules shared by the HTTP parser and the wire formats: hex digits,
/// optional white space (SP / HTAB) and case folding, without locale or allocation.
@usableFromInline
package enum ASCII {
    /// The value of a hex digit (`0-9`, `A-F`, `a-f`); nil for any other byte.
    @inlinable
    package static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte &- 0x30)
        case 0x41...0x46: Int(byte &- 0x41 &+ 10)
        case 0x61...0x66: Int(byte &- 0x61 &+ 10)
        default: nil
        }
    }

    /// Space or horizontal tab (RFC 9110 OWS).
    @inlinable
    package static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `A-Z` folded to `a-z`; every other byte unchanged.
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}
