import Foundation

/// A regular expression (ICU syntax) compiled once, when a stub or query is accepted; it must
/// match the whole value (`matches` and `pathPattern` as WireMock reads them).
final class StubRegex: @unchecked Sendable {
    // NSRegularExpression is immutable once created and documented as safe to share across threads.
    private let expression: NSRegularExpression
    let pattern: String

    /// Compiles `pattern`; nil when it is not a valid regular expression.
    init?(_ pattern: String) {
        guard (try? NSRegularExpression(pattern: pattern)) != nil,
              let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
        else { return nil }
        self.expression = expression
        self.pattern = pattern
    }

    /// Whether the expression matches all of `text`.
    func matchesWhole(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
