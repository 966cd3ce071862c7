/// Youfan data stored before the items took the shapes the real clients read (issue 10, WIRE.md):
/// the old seeds wrote `info_id`/`tab_id`/`cl_id`/`module_id`/`cate_id` keys, a string `status` on
/// recommended products and a string `layoutType`. Such a database would keep answering in shapes
/// the clients cannot use, and the items cannot be rebuilt from what is stored (the real jumps,
/// tag lists and tab contents were never kept), so it is refused with a message that says how to
/// start over. A database without old-shaped rows (new, or holding only real captures) passes.
enum YoufanOldShapes {
    /// The step that refuses old-shaped data; it changes nothing.
    static let refusal = Migration("youfan.008-wire-shapes") { connection in
        guard let row = try connection.queryFirst(oldRowsQuery), try row.int(at: 0) != 0 else { return }
        throw StoreError(code: .error, message: """
            the database holds Youfan data in the shapes before the real clients' wire contract \
            (ids as info_id/tab_id/cl_id/module_id/cate_id, string statuses); \
            start serve with --reset to recreate it from the seeds, then import your own captures again
            """)
    }

    /// 1 when any Youfan table holds a row in an old shape.
    private static let oldRowsQuery = """
        SELECT EXISTS (SELECT 1 FROM youfan_specials WHERE json_extract(item, '$.info_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_special_tabs WHERE json_extract(item, '$.tab_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_collocations WHERE json_extract(item, '$.info_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_comments WHERE json_extract(item, '$.cl_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_home_layouts WHERE json_extract(body, '$.module[0].module_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_category_trees WHERE json_extract(body, '$[0].cate_id') IS NOT NULL)
            OR EXISTS (SELECT 1 FROM youfan_products WHERE json_type(item, '$.status') = 'text')
            OR EXISTS (SELECT 1 FROM youfan_settings WHERE name = 'special.layoutType' AND json_type(value) = 'text')
        """
}
