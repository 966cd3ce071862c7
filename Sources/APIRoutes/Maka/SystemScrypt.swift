#if canImport(COpenSSL)
import COpenSSL

/// The system's scrypt, `EVP_PBE_scrypt` of OpenSSL 3's libcrypto, loaded (`dlopen`) when the
/// first password is hashed or verified rather than linked: a server that checks no password
/// never maps libcrypto (3.5 MB resident once scrypt has run: about 1.5 MB from loading it, 2 MB
/// more from its first derivation). Loaded by its versioned name (`libcrypto.so.3`), once, for
/// the life of the process.
///
/// `@unchecked Sendable`: a C function pointer, set before the value is shared and never changed.
struct SystemScrypt: @unchecked Sendable {
    let derive: copenssl_scrypt_function

    /// The function, or why it cannot be loaded; loaded on first use.
    static let shared: Result<SystemScrypt, PasswordHashError> = {
        var function: copenssl_scrypt_function?
        if let reason = copenssl_load_scrypt(&function) {
            return .failure(.scryptUnavailable(reason: String(cString: reason)))
        }
        guard let function else { return .failure(.scryptUnavailable(reason: "EVP_PBE_scrypt is missing")) }
        return .success(SystemScrypt(derive: function))
    }()
}
#endif
