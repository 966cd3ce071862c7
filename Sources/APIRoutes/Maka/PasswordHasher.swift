import Crypto

/// Salted password hashing with scrypt (RFC 7914) from maintained libraries: the system's
/// libcrypto on Linux, swift-crypto's `CryptoExtras` on Darwin (`ScryptSetting.derive`). A fresh
/// random salt per hash, the parameters written into the hash as a PHC string
/// `$scrypt$ln=14,r=8,p=1$SALT$HASH` (the format of passlib and the PHC reference), so hashes
/// move between the platforms; nothing hand-rolled. Clear-text passwords are never kept.
///
/// Hashes written by earlier builds (yescrypt `$y$…` from libxcrypt) still verify where the
/// system can read them (Linux, `LegacyCrypt`); `needsRehash` tells login to replace them.
public struct PasswordHasher: Sendable {
    /// scrypt's cost, log2 of N (1…20). Each step doubles the time and the memory
    /// (128 · r · N bytes: 16 MiB at the default).
    public let cost: Int

    /// The production cost: N = 2^14, r = 8, p = 1 (16 MiB), scrypt's interactive-login setting
    /// and about the work of libxcrypt's default yescrypt that earlier builds used (~0.1 s here),
    /// so the first start, which hashes the seeded accounts, stays quick. Tests may pass 1.
    public static let defaultCost = 14
    static let blockSize = 8
    static let parallelism = 1
    static let saltByteCount = 16
    static let hashByteCount = 32
    static let costRange = 1...20

    public init(cost: Int = PasswordHasher.defaultCost) {
        self.cost = min(max(cost, Self.costRange.lowerBound), Self.costRange.upperBound)
    }

    /// A new hash of `password` with a fresh random salt.
    public func hash(_ password: String) throws(PasswordHashError) -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
        let setting = ScryptSetting(cost: cost, blockSize: Self.blockSize, parallelism: Self.parallelism, salt: salt)
        return setting.encoded(hash: try setting.derive(password, byteCount: Self.hashByteCount))
    }

    /// A valid hash at this hasher's cost that no password matches: a random salt and, in place
    /// of a derived key, 256 random bits. Verifying against it costs exactly what verifying
    /// against a real hash of this hasher costs (`verify` reads the same setting, derives a key
    /// as long and compares it in constant time), so login can check it for unknown emails; yet
    /// making it runs no scrypt (16 MiB and ~0.1 s at the default cost, at every start).
    public func unusableHash() -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }
        let key = SymmetricKey(size: SymmetricKeySize(bitCount: Self.hashByteCount * 8)).withUnsafeBytes { Array($0) }
        let setting = ScryptSetting(cost: cost, blockSize: Self.blockSize, parallelism: Self.parallelism, salt: salt)
        return setting.encoded(hash: key)
    }

    /// Whether `password` matches a stored hash (compared in constant time): one of ours, or a
    /// yescrypt hash of an earlier build where the system can still read it.
    public func verify(_ password: String, against storedHash: String) -> Bool {
        guard let (setting, expected) = ScryptSetting.decode(storedHash) else {
            return LegacyCrypt.verify(password, against: storedHash)
        }
        guard let derived = try? setting.derive(password, byteCount: expected.count) else { return false }
        return Self.constantTimeEquals(derived, expected)
    }

    /// Whether a stored hash (already verified) should be replaced by one made with this hasher:
    /// an earlier build's format, or other scrypt parameters.
    public func needsRehash(_ storedHash: String) -> Bool {
        guard let (setting, _) = ScryptSetting.decode(storedHash) else { return true }
        return setting.cost != cost || setting.blockSize != Self.blockSize || setting.parallelism != Self.parallelism
    }

    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}

/// Why a password could not be hashed.
public enum PasswordHashError: Error, Sendable, CustomStringConvertible {
    /// The KDF refused its parameters or failed.
    case hashingFailed
    /// The system's scrypt (libcrypto) cannot be loaded: the loader's reason.
    case scryptUnavailable(reason: String)

    public var description: String {
        switch self {
        case .hashingFailed: "scrypt failed"
        case .scryptUnavailable(let reason):
            "libcrypto, which hashes passwords, cannot be loaded (\(reason)); "
                + "install OpenSSL 3 (Debian and Ubuntu: apt-get install libssl3)"
        }
    }
}
