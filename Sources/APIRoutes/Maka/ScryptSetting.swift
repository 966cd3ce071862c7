#if canImport(COpenSSL)
import COpenSSL
#elseif canImport(CryptoExtras)
import CryptoExtras
#endif
import Foundation

/// scrypt's parameters and salt, and their PHC string form `$scrypt$ln=L,r=R,p=P$SALT$HASH`
/// (salt and hash in unpadded standard base64).
struct ScryptSetting: Equatable {
    let cost: Int
    let blockSize: Int
    let parallelism: Int
    let salt: [UInt8]

    static let prefix = "$scrypt$"
    /// The most memory a stored hash may ask for (the highest cost `PasswordHasher` writes needs 128 MiB).
    static let maximumMemoryBytes = 256 << 20

    /// The memory scrypt needs: V (128 · r · N) and B (128 · r · p), plus a little.
    var memoryBytes: Int { 128 * blockSize * ((1 << cost) + parallelism + 2) }

    /// The derived key. Linux uses the system's libcrypto (optimised whatever this build's
    /// configuration; loaded by `SystemScrypt` on first use); Darwin, which has no system scrypt,
    /// swift-crypto's (BoringSSL). Both are RFC 7914 scrypt.
    /// - Throws: `.hashingFailed` when the KDF refuses (bad parameters, not enough memory),
    ///   `.scryptUnavailable` when libcrypto cannot be loaded.
    func derive(_ password: String, byteCount: Int) throws(PasswordHashError) -> [UInt8] {
        // Neither library may be handed a null pointer for an empty password.
        var bytes = Array(password.utf8)
        bytes.reserveCapacity(1)
        #if canImport(COpenSSL)
        let scrypt = try SystemScrypt.shared.get()
        var key = [UInt8](repeating: 0, count: byteCount)
        let status = bytes.withUnsafeBufferPointer { password in
            salt.withUnsafeBufferPointer { salt in
                password.withMemoryRebound(to: CChar.self) { password in
                    scrypt.derive(password.baseAddress, password.count, salt.baseAddress, salt.count,
                                  UInt64(1) << cost, UInt64(blockSize), UInt64(parallelism), UInt64(memoryBytes),
                                  &key, key.count)
                }
            }
        }
        guard status == 1 else { throw .hashingFailed }
        return key
        #elseif canImport(CryptoExtras)
        guard let key = try? KDF.Scrypt.deriveKey(
            from: bytes, salt: salt, outputByteCount: byteCount,
            rounds: 1 << cost, blockSize: blockSize, parallelism: parallelism, maxMemory: memoryBytes)
        else { throw .hashingFailed }
        return key.withUnsafeBytes { Array($0) }
        #endif
    }

    func encoded(hash: [UInt8]) -> String {
        "\(Self.prefix)ln=\(cost),r=\(blockSize),p=\(parallelism)$\(Self.base64(salt))$\(Self.base64(hash))"
    }

    /// The setting and expected hash of a stored PHC string; nil for anything else, and for
    /// parameters outside what this server would ever write (a stored hash cannot make it
    /// allocate gigabytes).
    static func decode(_ text: String) -> (ScryptSetting, [UInt8])? {
        guard text.hasPrefix(prefix) else { return nil }
        let fields = text.dropFirst(prefix.count).split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 3, let salt = bytes(fields[1]), let hash = bytes(fields[2]),
              !salt.isEmpty, (16...64).contains(hash.count) else { return nil }
        var values: [Substring: Int] = [:]
        for pair in fields[0].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        guard let cost = values["ln"], PasswordHasher.costRange.contains(cost),
              let blockSize = values["r"], (1...32).contains(blockSize),
              let parallelism = values["p"], (1...16).contains(parallelism), values.count == 3 else { return nil }
        let setting = ScryptSetting(cost: cost, blockSize: blockSize, parallelism: parallelism, salt: salt)
        guard setting.memoryBytes <= maximumMemoryBytes else { return nil }
        return (setting, hash)
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    private static func bytes(_ text: Substring) -> [UInt8]? {
        guard !text.contains("=") else { return nil }
        let padded = String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: padded).map { Array($0) }
    }
}
