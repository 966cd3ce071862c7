/// How PHP turns a request parameter's name into the key of `$_GET`/`$_POST`
/// (php-src `main/php_variables.c`, `php_register_variable_ex`): leading spaces are dropped,
/// and every remaining space or dot becomes `_`.
enum PHPParameterName {
    static func normalised(_ name: String) -> String {
        // Most names have neither: kept as they are, no copy. Looked for in the name's bytes
        // (a short name's are copied to the stack): its UTF-8 view was walked a byte a call.
        var bytes = name
        guard bytes.withUTF8({ $0.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ".") } }) else { return name }
        let kept = name.drop { $0 == " " }
        return String(kept.map { $0 == " " || $0 == "." ? "_" : $0 })
    }
}
