import Wire

/// The dispatch key of a Youfan action: its front controller's path, module and action names.
/// ThinkPHP 3.2 matches module and action names case-insensitively (`URL_CASE_INSENSITIVE` is on
/// by default; PHP's `strtolower` folds ASCII letters only), so the names hash and compare with
/// ASCII letters folded, straight from the request's strings: no lowercased copies a request.
struct YoufanActionKey: Hashable, Sendable {
    let path: String
    let module: String
    let action: String

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        Self.hashFolded(module, into: &hasher)
        Self.hashFolded(action, into: &hasher)
    }

    static func == (lhs: YoufanActionKey, rhs: YoufanActionKey) -> Bool {
        lhs.path == rhs.path && lhs.module.caseInsensitiveEquals(rhs.module) && lhs.action.caseInsensitiveEquals(rhs.action)
    }

    /// Feeds `name` with ASCII letters folded to the hasher eight bytes at a time, then its
    /// length (so that "ab"+"c" and "a"+"bc" differ): a byte at a time cost the hasher a round each.
    private static func hashFolded(_ name: String, into hasher: inout Hasher) {
        var name = name
        name.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                var word: UInt64 = 0
                for offset in 0..<min(8, bytes.count - index) {
                    word |= UInt64(bytes[index + offset]) << (8 * offset)
                }
                hasher.combine(folded(word))
                index += 8
            }
            hasher.combine(bytes.count)
        }
    }

    /// `word` with every ASCII capital among its eight bytes made small (`| 0x20`), all at once:
    /// a byte's high bit marks, per test, whether its low seven bits reach `A`, pass `Z`, or
    /// whether it is not ASCII at all (left as it is, as `caseInsensitiveEquals` leaves it).
    private static func folded(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x0101_0101_0101_0101
        let sevenBits = word & (0x7F &* lows)
        let fromA = sevenBits &+ ((0x80 - 0x41) &* lows)
        let pastZ = sevenBits &+ ((0x80 - 0x5B) &* lows)
        let capitals = fromA & ~pastZ & ~word & (0x80 &* lows)
        return word | (capitals >> 2)
    }
}
