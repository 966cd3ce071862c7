import Crypto

/// SHA-256 as the identity of a captured record, so that importing the same capture twice stores
/// it once. The hashing is swift-crypto's (BoringSSL's assembly on Linux, CryptoKit on Apple
/// platforms); this type only adds the field framing and the hex text the store keeps.
struct SHA256 {
    private var hasher = Crypto.SHA256()

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        if handled == nil { hasher.update(data: Array(bytes)) }
    }

    /// Adds a field and a separator that cannot be confused with field content: the field's
    /// length as eight little-endian bytes, then the field. (Stored hashes depend on this framing.)
    mutating func updateField<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var count = UInt64(bytes.count).littleEndian
        withUnsafeBytes(of: &count) { hasher.update(bufferPointer: $0) }
        update(bytes)
    }

    /// The digest as 64 lowercase hex digits.
    func hexDigest() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in hasher.finalize() {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
