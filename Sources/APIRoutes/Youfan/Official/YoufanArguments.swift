import Foundation
import Wire

/// The parameters of one call resolved against its declaration: every declared parameter is
/// present (sent, or its PHP default), numbers are `intval`s and JSON parameters are parsed.
/// Resolving fails with the app's parameter error before the action reads or writes anything.
struct YoufanArguments: Sendable {
    private var texts: [String: String] = [:]
    private var documents: [String: JSON] = [:]
    let query: YoufanQuery

    init(_ specs: [YoufanParameterSpec], query: YoufanQuery) throws(YoufanFailure) {
        self.query = query
        for spec in specs {
            guard let value = query.optional(spec.names) ?? spec.fallback else { throw .missing(spec.name) }
            texts[spec.name] = value
            if spec.kind == .json {
                guard let document = try? JSON.parse(value.isEmpty ? "[]" : value) else {
                    throw .notFound("\(spec.name) 不是合法的 JSON")
                }
                documents[spec.name] = document
            }
        }
    }

    /// A declared parameter's text.
    func text(_ name: String) -> String { texts[name] ?? "" }

    /// A declared parameter's `intval`.
    func integer(_ name: String) -> Int { PHPInteger.intval(text(name)) }

    /// A declared JSON parameter, parsed.
    func json(_ name: String) -> JSON { documents[name] ?? .array([]) }

    /// The items of a comma-separated list parameter (`IDS=3,4`, `concernIds=…`), blanks dropped.
    func list(_ name: String) -> [String] {
        text(name).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
