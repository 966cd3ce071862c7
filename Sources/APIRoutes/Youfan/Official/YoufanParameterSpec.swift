/// One parameter of a declared action as the PHP signature declared it: its name and the
/// variants the app also sends (`UserId`/`userId`, `IDS`/`ids`), its kind, and its PHP default.
/// A parameter without a default is required: absent or empty, the action answers ThinkPHP's
/// `参数错误或者未定义:<name>` before anything is read or written (WIRE.md §1.4.6).
struct YoufanParameterSpec: Sendable {
    enum Kind: String, Sendable {
        /// Text as sent (ids, codes, names).
        case text
        /// A number read with PHP `intval` (`PHPInteger`): never rejected.
        case integer
        /// JSON text the app's transport made from an array or dictionary (WIRE.md §1.4.2).
        case json
    }

    let names: [String]
    let kind: Kind
    /// The PHP default; nil makes the parameter required.
    let fallback: String?

    var name: String { names[0] }

    static func text(_ names: String..., default fallback: String? = nil) -> YoufanParameterSpec {
        YoufanParameterSpec(names: names, kind: .text, fallback: fallback)
    }

    static func integer(_ names: String..., default fallback: Int? = nil) -> YoufanParameterSpec {
        YoufanParameterSpec(names: names, kind: .integer, fallback: fallback.map(String.init))
    }

    static func json(_ names: String..., default fallback: String? = nil) -> YoufanParameterSpec {
        YoufanParameterSpec(names: names, kind: .json, fallback: fallback)
    }

    /// How the docs write it: `name` (kind, default …) or `name` (kind, required).
    var documentation: String {
        let variants = names.count > 1 ? " or `" + names.dropFirst().joined(separator: "`, `") + "`" : ""
        let rule = fallback.map { $0.isEmpty ? "default empty" : "default \($0)" } ?? "required"
        return "`\(name)`\(variants) (\(kind.rawValue), \(rule))"
    }
}
