import Store
import Wire

/// Collocations users post and remove (`Collocation/pushUserCollocation(V2)`, `delCollocationInfo`).
/// Hand-written: a post becomes a catalogue collocation (a CollocationCard built from the
/// caller's profile and the worn products of the catalogue), not a per-user object, so the
/// feeds, "my collocations" and the details show it as they show the seeded ones.
enum YoufanPosts {
    /// Publishes the caller's collocation; `data` is `1`, which MB `SPublishViewController.m`
    /// reads (`intValue == 1`) as "published".
    @Sendable static func publish(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let user = try context.user()
        let author = try YoufanComments.person(user, context.store)
        let tags = arguments.json("tagJson").arrayValue ?? []
        let worn = try tags.compactMap { tag -> JSON? in
            guard let code = tag["attributes"]?["code"]?.stringValue, !code.isEmpty,
                  let row = try context.store.products.searchRow(code: code) else { return nil }
            let product = try JSON.parse(row)["clsInfo"] ?? .object([])
            return .object([("product_sys_code", .string(code)), ("product_name", product["name"] ?? ""),
                            ("price", product["sale_price"] ?? ""), ("product_url", product["mainImage"] ?? "")])
        }
        let userType = arguments.text("userType")
        _ = try context.store.collocations.post(userType: userType) { id, created in
            JSON.object([
                ("id", .string(id)), ("user_id", .string(user)), ("user_type", .string(userType)),
                ("nick_name", author["nick_name"] ?? ""), ("head_img", author["head_img"] ?? ""),
                ("content_info", .string(YoufanText.escaped(arguments.text("contentInfo")))),
                ("img", .string(arguments.text("imgUrl"))),
                ("img_width", .string(pixels(arguments.text("imgWidth")))), ("img_height", .string(pixels(arguments.text("imgHeight")))),
                ("tag_list", .string(JSON.array(tags).encodedString())), ("stick_img_url", .string(arguments.text("stickImgUrl"))),
                ("video_url", .string(arguments.text("videoUrl"))), ("head_v_type", "0"), ("product_list", .array(worn)),
                ("create_time", .string(created)), ("is_love", 0), ("like_count", "0"), ("comment_count", "0"),
                ("tab_str", .string(tabs(arguments))),
            ] + person(arguments)).encoded()
        }
        return YoufanAnswer(data: 1, total: 1)
    }

    /// Removes the caller's own collocation `cid` with its likes and its comments (type 1), in
    /// one write; another user's, or a seeded one, is refused as the app's parameter error (-100)
    /// and stays.
    @Sendable static func remove(_ context: YoufanContext) throws -> YoufanAnswer {
        let id = context.arguments.text("cid")
        let author = try context.user()
        let removed = try context.store.collocations.database.write { connection in
            guard try YoufanCollocationRepository.delete(id: id, author: author, in: connection) else { return false }
            try YoufanMarkRepository.clearAll(YoufanMark.collocationLike.rawValue, target: id, in: connection)
            try YoufanUserObjectRepository.deleteAll(YoufanCollection.comment.rawValue,
                                                     target: YoufanComments.target(type: "1", tid: id), in: connection)
            return true
        }
        guard removed else { throw YoufanFailure.notFound("cid=\(id) 不存在或不是你发布的搭配") }
        return .done
    }

    /// `Collocation/getCollocationListById` — `[{id, itemList}]`: MB `MBAddShoppingViewController.m`
    /// indexes `data[0].itemList` and reads each item's `id` (the product code).
    @Sendable static func items(_ context: YoufanContext, _ id: String) throws -> JSON? {
        guard let stored = try context.store.collocations.collocation(id: id) else { return nil }
        let card = try JSON.parse(stored)
        let items = (card["product_list"]?.arrayValue ?? []).map { product -> JSON in
            .object([("id", product["product_sys_code"] ?? "")] + (product.objectValue ?? []))
        }
        return .array([.object([("id", .string(id)), ("itemList", .array(items))])])
    }

    /// The post's tabs as `tab_str`, the comma-separated text the detail screen splits
    /// (MB `SCollocationDetailModel.m` `setTab_str:`): V2 sends them as `tabList`, a JSON array of
    /// names; the earlier screen as `tabStr`, already joined.
    private static func tabs(_ arguments: YoufanArguments) -> String {
        let listed = (arguments.json("tabList").arrayValue ?? []).compactMap(\.stringValue).filter { !$0.isEmpty }
        return listed.isEmpty ? arguments.text("tabStr") : listed.joined(separator: ",")
    }

    /// The wearer V2 describes (`userJson` `{type, info, height, age, weight}`) as `user_json`,
    /// the JSON text the detail screen parses; nothing for the earlier screen, which sends none.
    private static func person(_ arguments: YoufanArguments) -> [(key: String, value: JSON)] {
        let sent = arguments.text("userJson")
        return sent.isEmpty ? [] : [("user_json", .string(sent))]
    }

    /// The app sends sizes as `%f` text (`640.000000`); cards carry whole pixels as text (0 for
    /// text that is no size).
    private static func pixels(_ text: String) -> String {
        guard let size = Double(text), size.isFinite, size >= 0, size < 1_000_000 else { return "0" }
        return String(Int(size))
    }
}
