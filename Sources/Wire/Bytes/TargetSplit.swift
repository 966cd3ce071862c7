/// How a request target or captured URL splits: an absolute URL into its origin form, and an
/// origin-form target (`/path?query`) at its first `?`. The one rule for live request targets,
/// forwarded targets and captured URLs. `@usableFromInline` so that `pathAndQuery` is inlined in
/// the server (another module), as a `package` type's `@inlinable` members otherwise are not.
@usableFromInline
package enum TargetSplit {
    /// `http://host:port/p?q` → `/p?q` (`/` when the URL has no path, `/?q` when it has only a
    /// query); a target that starts with `/`, or has no scheme, is returned as it is.
    package static func originForm<Text: StringProtocol>(of target: Text) -> String {
        guard !target.hasPrefix("/"), let schemeEnd = target.firstRange(of: "://") else { return String(target) }
        let afterScheme = target[schemeEnd.upperBound...]
        guard let afterAuthority = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = afterScheme[afterAuthority...]
        return rest.hasPrefix("?") ? "/" + rest : String(rest)
    }

    /// The path part of `range`, and the query after the `?` (nil when there is no `?`).
    @inlinable
    package static func pathAndQuery(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (path: Range<Int>, query: Range<Int>?) {
        guard let questionMark = bytes.firstIndex(of: 0x3F, in: range) else { return (range, nil) }
        return (range.lowerBound..<questionMark, (questionMark + 1)..<range.upperBound)
    }
}
