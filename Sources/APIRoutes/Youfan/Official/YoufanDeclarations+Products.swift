/// The official app's product filter, search and home-badge reads (WIRE.md §3.2 Product,
/// Search, Home) that summarise the catalogue or the caller's messages.
extension YoufanDeclarations {
    static let products: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "BaseColorFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanFilterChoices.colours),
                          answer: "`total`, `results` = `[{id, coloR_CODE (int), coloR_VALUE (hex), coloR_NAME}]`: every colour of the catalogue's stock"),
        YoufanDeclaration("Product", "BasePriceFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanFilterChoices.prices),
                          answer: "`total`, `results` = `[{id, code, name, min_Price, max_Price}]` (ints; `max_Price` 0: no upper bound), cheapest first"),
        YoufanDeclaration("Product", "PromotionClsCodeFilter", .soa, .anyone, [.text("code", default: "")],
                          .custom(writes: false, YoufanFilterChoices.promotions),
                          answer: "`total` 0, `results` `[]`: no promotions are seeded yet"),
        YoufanDeclaration("Search", "getKeyWord", .php, .anyone, [.text("type", default: "2")],
                          .custom(writes: false, YoufanFilterChoices.hotKeywords),
                          answer: "`data` = `[{keyword}]`: the first brands' names for `type` 2 (products) and 4 (brands), `[]` for the other tabs"),
        YoufanDeclaration("Home", "getHomeDeatDetails", .php, .signedIn, [],
                          .custom(writes: false, YoufanMessages.homeBadge),
                          answer: "`data` = `{messCount}` (int): the caller's unread messages and notices"),
    ]
}
