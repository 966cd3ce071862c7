import Store
import Wire

/// The products a user uploads in the official app (WIRE.md §3.2 Product; MB
/// `Unico/SMine/SMIneAddProductViewController.mm` posts them, `Unico/SMine/SMineProduct.h` lists
/// them, `Unico/SProductDetail/SNoneProductDetailViewController.m` shows one).
enum YoufanUserProducts {
    /// The tags the upload form sends, stored as the app lists them back.
    static let fields: [YoufanField] = ["product_img", "product_code", "cate_id", "cate_value", "color_code", "color_value",
                                        "brand_code", "brand_value"].map { YoufanField.text($0) }

    static let uploadNew = YoufanOperation.create(.userProduct, about: ["cate_id"], state: "", fields: fields, shape: row)
    static let uploadEdit = YoufanOperation.update(.userProduct, id: "update_id", fields: fields)

    /// `Product/uploadUserProduct`: a new product, or with `update_id` the caller's product of that
    /// id retagged. Hand-written only to choose between the two declared operations by `update_id`.
    @Sendable static func upload(_ context: YoufanContext) throws -> YoufanAnswer {
        try (context.arguments.text("update_id").isEmpty ? uploadNew : uploadEdit).run(context)
    }

    /// `Product/getUserProductDetailsById`: anyone's product by `pid`, as an object with its
    /// counts. Hand-written: the app posts it without a token (a shared product page), so it
    /// is not the caller's object, and the answer is the object, not a one-row list.
    @Sendable static func details(_ context: YoufanContext) throws -> YoufanAnswer {
        let pid = context.arguments.text("pid")
        guard let id = Int64(pid), let stored = try context.store.objects.object(YoufanCollection.userProduct.rawValue, id: id) else {
            throw YoufanFailure.notFound("pid=\(pid) 不存在")
        }
        var members = try row(context, stored).objectValue ?? []
        let uploads = try context.store.objects.objects(YoufanCollection.userProduct.rawValue, userID: stored.userID,
                                                        page: YoufanPage(index: 0, size: 1)).total
        members += [("product_total", .string(String(uploads))), ("collocation_total", "0")]
        return YoufanAnswer(data: .object(members), total: 1)
    }

    /// One product as `SMineProduct` reads it: every member text, `id` the stored id.
    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        return .object([("id", .string(String(stored.id))), ("user_id", .string(stored.userID))]
            + fields.map { ($0.key, body[$0.key] ?? "") }
            + [("create_time", .string(stored.created)), ("is_delete", "0")])
    }
}
