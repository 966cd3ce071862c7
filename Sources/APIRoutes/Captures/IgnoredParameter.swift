import CaptureFormats

/// One `--ignore-param` value: parameter names that never count when matching captures, for
/// every API (`timestamp,sign`) or under a path prefix (`/mbfun_server/index.php:_soa`), so
/// timestamps, nonces and signatures a client computes afresh do not break replay.
public struct IgnoredParameter: Sendable, Equatable {
    /// The names as a volatile-parameter rule (path prefix `/` when none was given).
    public let rule: VolatileParameters.Rule

    /// Parses `NAME[,NAME…]` or `/PATH-PREFIX:NAME[,NAME…]`.
    public init(parsing text: String) throws(ControlSyntaxError) {
        var prefix = "/"
        var names = Substring(text)
        if text.hasPrefix("/") {
            guard let colon = text.lastIndex(of: ":") else {
                throw ControlSyntaxError("ignored parameter \"\(text)\" starts with a path but names no parameter; use /path/prefix:name")
            }
            prefix = String(text[..<colon])
            names = text[text.index(after: colon)...]
        }
        let list = names.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard !list.isEmpty, list.allSatisfy({ !$0.isEmpty }) else {
            throw ControlSyntaxError("ignored parameter \"\(text)\" must name parameters: timestamp,sign or /app/:timestamp")
        }
        rule = VolatileParameters.Rule(pathPrefix: prefix, names: Set(list))
    }
}
