import CCrypt

/// Salted password hashing with yescrypt (`$y$`) from libxcrypt, the system's maintained
/// crypt(3) library: `crypt_gensalt_rn` draws the salt from the OS random source, `crypt_r`
/// derives the hash. Nothing here is hand-rolled, and clear-text passwords are never kept.
public struct PasswordHasher: Sendable {
    /// yescrypt's cost parameter (1…11; libxcrypt's default is 5). Each step doubles the work.
    public let cost: Int

    /// The production cost. Tests may pass 1 to keep seeded imports quick.
    public static let defaultCost = 5

    public init(cost: Int = PasswordHasher.defaultCost) {
        self.cost = min(max(cost, 1), 11)
    }

    /// A new hash of `password` with a fresh random salt, as a crypt(3) string `$y$…`.
    public func hash(_ password: String) throws(PasswordHashError) -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let generated = setting.withUnsafeMutableBufferPointer { buffer in
            crypt_gensalt_rn("$y$", UInt(cost), nil, 0, buffer.baseAddress, Int32(buffer.count))
        }
        guard generated != nil else { throw .saltUnavailable }
        let prefix = setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let hashed = Self.crypt(password, setting: String(decoding: prefix, as: UTF8.self))
        guard let hashed, hashed.hasPrefix("$y$") else { throw .hashingFailed }
        return hashed
    }

    /// Whether `password` matches a stored crypt(3) hash (compared in constant time).
    public func verify(_ password: String, against storedHash: String) -> Bool {
        guard let computed = Self.crypt(password, setting: storedHash) else { return false }
        return Self.constantTimeEquals(Array(computed.utf8), Array(storedHash.utf8))
    }

    private static func crypt(_ password: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            data.deinitialize(count: 1)
            data.deallocate()
        }
        data.initialize(to: crypt_data())
        guard let result = crypt_r(password, setting, data) else { return nil }
        let text = String(cString: result)
        return text.hasPrefix("*") ? nil : text
    }

    private static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}

/// Why a password could not be hashed (the OS random source or libxcrypt failed).
public enum PasswordHashError: Error, Sendable {
    case saltUnavailable
    case hashingFailed
}
