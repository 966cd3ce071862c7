/// The official app's screens that summarise the catalogue (WIRE.md §3.2 Product, Collocation,
/// Home, Search): the category screen, the sticker editor, the discovery page and the product
/// filter screen.
extension YoufanDeclarations {
    static let discovery: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "ProductCategorySubItemFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanCategoryPages.subItems),
                          answer: "`total`, `results` = `[{id, code, name, parent_id, parent_Id, sorT_NO, tiP_FLAG, url, flaT_URL, subItem:[same]}]`: every channel's second-level categories with their third-level ones (`id` is the products' `cate_id`)"),
        YoufanDeclaration("Collocation", "getStickImgWithTabList", .php, .anyone,
                          [.text("tid", default: ""), .text("type", default: "1"), .integer("img_height", default: 0)],
                          .custom(writes: false, YoufanStickers.pictures),
                          answer: "`data` = `{stick:[{id, img, img_width, img_height}], tab:[style tag]}`: stickers, or with `type` 2 the borders for `img_height` 750, 1000 or 1334 (none for other heights); unknown `tid` → -100"),
        YoufanDeclaration("Home", "getFindHomeLayoutInfo", .php, .anyone, [],
                          .custom(writes: false, YoufanDiscoveryPage.layout),
                          answer: "`data` = `{banner:{\"1001\": topic carousel, \"1002\": promotions}, pos_1…pos_6:{config}}`: topics, collocations, stylists, brands (`temp_id` numeric), second-level categories and the feed's tabs"),
        YoufanDeclaration("Search", "getSearchKey", .soa, .anyone,
                          [.text("keyword", default: ""), .text("brand", default: ""), .text("cid", default: "")],
                          .custom(writes: false, YoufanSearchKeys.filters),
                          answer: "`results` = `[{parentCategory:{catId, catName, subs}}` (with `cid`), `{subFilters:[{code (price, size, color, brand), name, values}]}`, `{currentCategory:[channel → category → sub-category]}]`: the choices of the products matching `keyword`, `brand`, `cid`; unknown `brand` or `cid` → `isSuccess` 0"),
    ]
}
