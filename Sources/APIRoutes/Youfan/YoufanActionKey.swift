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

    private static func hashFolded(_ name: String, into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(folded(byte)) }
        hasher.combine(UInt8(0xFF))  // never in UTF-8: ends the name, so "ab"+"c" and "a"+"bc" differ
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
