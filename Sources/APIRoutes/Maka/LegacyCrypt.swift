#if canImport(CCrypt)
import CCrypt
#endif

/// Verifies password hashes written by earlier builds: crypt(3) strings (yescrypt `$y$…`) from
/// libxcrypt. Linux ships libxcrypt, so they verify there and login replaces them with scrypt;
/// Darwin's crypt(3) knows only DES, so there they never verify (docs/api.md, "Platforms").
enum LegacyCrypt {
    static func verify(_ password: String, against storedHash: String) -> Bool {
        #if canImport(CCrypt)
        guard storedHash.hasPrefix("$") else { return false }
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            data.deinitialize(count: 1)
            data.deallocate()
        }
        data.initialize(to: crypt_data())
        guard let result = crypt_r(password, storedHash, data) else { return false }
        let computed = String(cString: result)
        guard !computed.hasPrefix("*") else { return false }
        return PasswordHasher.constantTimeEquals(Array(computed.utf8), Array(storedHash.utf8))
        #else
        return false
        #endif
    }
}
