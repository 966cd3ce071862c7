import CCurl

/// libcurl, which `UpstreamClient` forwards with, loaded (`dlopen`) when the first client starts
/// rather than linked: a server that forwards nothing never maps it and its twenty-odd
/// dependencies (gnutls, krb5, ldap, ssh2 …; 3.9 MB resident from their start-up code alone).
/// Loaded by its versioned name (`libcurl.so.4`), once, for the life of the process.
///
/// `@unchecked Sendable`: `functions` is filled before the library is shared and only read after.
public final class UpstreamClientLibrary: @unchecked Sendable {
    /// libcurl's functions, `curl_global_init` done; never freed.
    let functions: UnsafePointer<ccurl_functions>

    private init(functions: UnsafePointer<ccurl_functions>) {
        self.functions = functions
    }

    /// The library, or why it cannot be loaded; loaded on first use.
    static let shared: Result<UpstreamClientLibrary, LoadError> = {
        let functions = UnsafeMutablePointer<ccurl_functions>.allocate(capacity: 1)
        if let reason = ccurl_load(functions) {
            functions.deallocate()
            return .failure(LoadError(reason: String(cString: reason)))
        }
        _ = functions.pointee.global_init(Int(CURL_GLOBAL_ALL))
        return .success(UpstreamClientLibrary(functions: functions))
    }()

    /// Loads libcurl now, so that a server that will forward learns as it starts that it cannot.
    public static func load() throws(LoadError) {
        _ = try shared.get()
    }

    /// Why libcurl could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        /// The loader's message, or the function the library lacks.
        public let reason: String

        public var description: String {
            "libcurl, which forwarding to an upstream needs, cannot be loaded (\(reason)); "
                + "install libcurl 4 (Debian and Ubuntu: apt-get install libcurl4)"
        }
    }
}
