/// 64-bit FNV-1a hashes of canonical `name=value` pairs, for scoring near misses without
/// building strings. A collision can only make a near-miss hint less close, never a replay wrong.
package enum PairHash {
    package static func of<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// How many `&`-separated pairs `text` has, and how many of them are in `wanted`.
    package static func count(_ text: UnsafeBufferPointer<UInt8>, sharedWith wanted: Set<UInt64>) -> (count: Int, shared: Int) {
        guard !text.isEmpty else { return (0, 0) }
        var count = 0
        var shared = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text {
            if byte == UInt8(ascii: "&") {
                count += 1
                if wanted.contains(hash) { shared += 1 }
                hash = 0xcbf2_9ce4_8422_2325
                continue
            }
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        count += 1
        if wanted.contains(hash) { shared += 1 }
        return (count, shared)
    }
}
