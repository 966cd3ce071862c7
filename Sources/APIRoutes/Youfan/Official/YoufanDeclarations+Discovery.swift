/// The official app's screens that summarise the catalogue (WIRE.md §3.2 Product):
/// the category screen.
extension YoufanDeclarations {
    static let discovery: [YoufanDeclaration] = [
        YoufanDeclaration("Product", "ProductCategorySubItemFilter", .soa, .anyone, [],
                          .custom(writes: false, YoufanCategoryPages.subItems),
                          answer: "`total`, `results` = `[{id, code, name, parent_id, parent_Id, sorT_NO, tiP_FLAG, url, flaT_URL, subItem:[same]}]`: every channel's second-level categories with their third-level ones (`id` is the products' `cate_id`)"),
    ]
}
