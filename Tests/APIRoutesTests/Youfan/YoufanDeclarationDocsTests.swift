import Foundation
import Testing
@testable import APIRoutes

/// `docs/api.md` lists the official app's declared actions as the table renders them: adding a
/// declaration without its docs row fails here, and the failure prints the block to paste.
@Suite struct YoufanDeclarationDocsTests {
    static let begin = "<!-- youfan-official-actions: generated from YoufanDeclarations.all, checked by YoufanDeclarationDocsTests -->"
    static let end = "<!-- /youfan-official-actions -->"

    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/api.md")

    /// The table: one row per declaration, in table order.
    static func table() -> String {
        var lines = ["| `m` / `a` | envelope | caller | parameters | state | answer |", "|---|---|---|---|---|---|"]
        for declaration in YoufanDeclarations.all {
            let parameters = declaration.parameters.map(\.documentation).joined(separator: ", ")
            lines.append("| `\(declaration.module)/\(declaration.action)` | \(declaration.envelope.rawValue) | "
                + "\(declaration.access.documentation) | \(parameters.isEmpty ? "—" : parameters) | "
                + "\(state(declaration.operation)) | \(declaration.answer) |")
        }
        return lines.joined(separator: "\n")
    }

    static func state(_ operation: YoufanOperation) -> String {
        switch operation {
        case let .mark(kind, _, marked, _): "\(marked ? "sets" : "clears") \(kind.rawValue)"
        case let .favourites(_, _, marked): "\(marked ? "sets" : "clears") favourite or favourite.collocation (by source type)"
        case let .marked(kind, paging, _): "reads \(kind.rawValue) (\(paging.documentation))"
        case let .create(collection, _, _, _, _): "adds a \(collection.rawValue)"
        case let .list(collection, _, _, paging, _): "reads \(collection.rawValue) (\(paging.documentation))"
        case let .listAbout(collection, _, paging, _): "reads \(collection.rawValue) (\(paging.documentation))"
        case let .detail(collection, _, _): "reads one \(collection.rawValue)"
        case let .update(collection, _, _): "changes a \(collection.rawValue)"
        case let .delete(collection, _): "removes \(collection.rawValue)"
        case let .step(collection, _, from, to): "\(collection.rawValue): \(from.joined(separator: ", ")) → \(to)"
        case let .collocations(_, paging): "reads collocations and likes (\(paging.documentation))"
        case .catalogue: "reads the catalogue and likes"
        case let .listing(_, paging): "reads the catalogue (\(paging.documentation))"
        case let .custom(writes, _): writes ? "writes (hand-written)" : "reads (hand-written)"
        }
    }

    @Test func docsListEveryDeclaredAction() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin)).upperBound
        let stop = try #require(text.range(of: Self.end, range: start..<text.endIndex)).lowerBound
        let listed = text[start..<stop].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(listed == Self.table(), "paste into docs/api.md:\n\(Self.table())")
    }

    @Test func everyDeclarationIsServedOnce() {
        let keys = YoufanAction.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        for declaration in YoufanDeclarations.all {
            #expect(keys.contains(YoufanAction.key(path: "/mbfun_server/index.php", module: declaration.module,
                                                   action: declaration.action)))
        }
    }
}
