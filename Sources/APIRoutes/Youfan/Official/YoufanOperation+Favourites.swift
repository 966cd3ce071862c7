import Wire

extension YoufanOperation {
    /// Where a favourite's source type travels: the collocation page's ♥ sends `SOURCE_TYPE`
    /// (MB `MBCollocationDetailsController.m`), the product page `sourcE_TYPE` at the top
    /// (`FavoriteDelete`) or in each `favoriteList` row (`SItemDetailViewController.m`).
    static let sourceTypeParameters = ["SOURCE_TYPE", "sourcE_TYPE", "source_type"]

    /// The favourites a call names, each with the kind its source type names: a row's own
    /// `sourcE_TYPE`, else the call's. With `keys`, `targets` is a JSON array parameter whose rows
    /// name their target by the first present key; without, one id or a comma list.
    static func favourites(_ targets: String, keys: [String]?,
                           _ arguments: YoufanArguments) -> [(kind: YoufanMark, target: String)] {
        let callType = arguments.query.optional(sourceTypeParameters)
        guard let keys else { return arguments.list(targets).map { (YoufanMark.favourite(sourceType: callType), $0) } }
        return (arguments.json(targets).arrayValue ?? []).compactMap { row in
            guard let target = keys.lazy.compactMap({ YoufanCapture.identifier(row, $0) }).first else { return nil }
            let rowType = sourceTypeParameters.lazy.compactMap { YoufanCapture.identifier(row, $0) }.first
            return (YoufanMark.favourite(sourceType: rowType ?? callType), target)
        }
    }

    /// Sets or clears the caller's favourites, each kind apart; answers as `mark` does (the
    /// first target's count of marks as the PHP `data`).
    static func setFavourites(_ favourites: [(kind: YoufanMark, target: String)], marked: Bool,
                              _ context: YoufanContext) throws -> YoufanAnswer {
        guard let first = favourites.first else { throw YoufanFailure.missing("id") }
        let user = try context.user()
        for kind in [YoufanMark.favourite, .collocationFavourite] {
            let targets = favourites.filter { $0.kind == kind }.map(\.target)
            if !targets.isEmpty { _ = try context.store.marks.set(kind.rawValue, userID: user, targets: targets, marked: marked) }
        }
        let count = try context.store.marks.count(first.kind.rawValue, target: first.target)
        return YoufanAnswer(data: .string(String(count)), soaResults: .array([]))
    }
}
