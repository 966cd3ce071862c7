/// Byte classification for the HTTP grammar (RFC 9110 §5.6.2, RFC 9112), as bit tests instead
/// of per-byte Swift string work.
enum ByteClass {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let percent: UInt8 = 0x25
    static let questionMark: UInt8 = 0x3F
    static let slash: UInt8 = 0x2F

    /// `tchar` bits for bytes 0–63 and 64–127: ALPHA, DIGIT and ``!#$%&'*+-.^_`|~``.
    private static let tokenLow: UInt64 = 0x03ff_6cfa_0000_0000
    private static let tokenHigh: UInt64 = 0x57ff_ffff_c7ff_fffe

    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        if byte < 64 { return tokenLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return tokenHigh & (1 << UInt64(byte &- 64)) != 0 }
        return false
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// A control byte a field value must not contain: everything below 0x20 except HTAB, and DEL.
    @inline(__always)
    static func isForbiddenInField(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != tab) || byte == 0x7F
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte &- 0x30)
        case 0x41...0x46: Int(byte &- 0x41 &+ 10)
        case 0x61...0x66: Int(byte &- 0x61 &+ 10)
        default: nil
        }
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}
