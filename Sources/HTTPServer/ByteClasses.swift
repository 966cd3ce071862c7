/// Byte classification for the HTTP grammar (RFC 9110 §5.6.2, RFC 9112), as bit tests instead
/// of per-byte Swift string work.
package enum ByteClass {
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
    package static func isToken(_ byte: UInt8) -> Bool {
        if byte < 64 { return tokenLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return tokenHigh & (1 << UInt64(byte &- 64)) != 0 }
        return false
    }

    /// Bytes of a Host value (RFC 3986 `host [ ":" port ]`): unreserved, sub-delims, `%`, `:`,
    /// and the brackets of an IP literal.
    private static let hostLow: UInt64 = 0x2fff_7ff2_0000_0000
    private static let hostHigh: UInt64 = 0x47ff_fffe_afff_fffe

    @inline(__always)
    static func isHostCharacter(_ byte: UInt8) -> Bool {
        if byte < 64 { return hostLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return hostHigh & (1 << UInt64(byte &- 64)) != 0 }
        return false
    }

    /// A control byte a field value must not contain: everything below 0x20 except HTAB, and DEL.
    @inline(__always)
    static func isForbiddenInField(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != tab) || byte == 0x7F
    }

    /// The index of the first byte in `range` that `isForbiddenInField`, checking eight bytes
    /// per step (SWAR: a word is looked at byte by byte only when it may hold one).
    static func firstForbiddenInField(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= range.upperBound {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let delta = word ^ 0x7F7F_7F7F_7F7F_7F7F
                // High bit set in a lane: that byte may be below 0x20 (HTAB too) or be DEL.
                let lanes = ((word &- 0x2020_2020_2020_2020) & ~word)
                    | ((delta &- 0x0101_0101_0101_0101) & ~delta)
                if lanes & 0x8080_8080_8080_8080 != 0 {
                    for position in index..<(index + 8) where isForbiddenInField(bytes[position]) {
                        return position
                    }
                }
                index += 8
            }
        }
        while index < range.upperBound {
            if isForbiddenInField(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the first byte in `range` a request-target needs a closer look at: a
    /// control, space, DEL, `#`, or a non-ASCII byte. Eight bytes per step, as above.
    static func firstUnusualTargetByte(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= range.upperBound {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let del = word ^ 0x7F7F_7F7F_7F7F_7F7F
                let hash = word ^ 0x2323_2323_2323_2323
                let lanes = word
                    | ((word &- 0x2121_2121_2121_2121) & ~word)
                    | ((del &- 0x0101_0101_0101_0101) & ~del)
                    | ((hash &- 0x0101_0101_0101_0101) & ~hash)
                if lanes & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < range.upperBound {
            let byte = bytes[index]
            if byte <= space || byte == 0x7F || byte == 0x23 || byte >= 0x80 { return index }
            index += 1
        }
        return nil
    }
}
