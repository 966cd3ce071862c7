import Store
import Wire

/// What follows an order on the "my orders" screens: the tracking rows
/// (`Order/OperationInfoFilter`), the parcel a return is sent back in (`Order/ReturnRetailCreate`)
/// and the product reviews of a delivered order (`Order/CommentCreateList`, read back by
/// `Order/CommentFilter`).
extension YoufanOrders {
    /// `Order/OperationInfoFilter` — `doc_id` (the order). `results` = the order's events, oldest
    /// first: `{doC_ID, operatioN_NAME, operatioN_TIME, state}`; `isSuccess` a number, as the app
    /// compares it (`isEqualToNumber:@1`).
    @Sendable static func tracking(_ context: YoufanContext) throws -> YoufanAnswer {
        let order = try YoufanOperation.owned(.order, id: context.arguments.text("doc_id"), context)
        let body = try JSON.parse(order.body)
        var events = ["订单已提交"]
        if try wasPaid(order) { events.append("订单已支付") }
        if let courier = body["expresS_NAME"]?.stringValue {
            events.append("订单已由\(courier)发出，运单号 \(body["expresS_LISTNO"]?.stringValue ?? "")")
        }
        switch order.state {
        case cancelled: events.append("订单已取消")
        case received, reviewed: events.append("已确认收货")
        case returning: events.append("申请退款")
        default: break
        }
        let rows = events.map { name in
            JSON.object([("doC_ID", .string(String(order.id))), ("operatioN_NAME", .string(name)),
                         ("operatioN_TIME", .string(order.created)), ("state", .string(order.state))])
        }
        return .list(rows, total: rows.count)
    }

    /// `Order/ReturnRetailCreate` (POST) — `RETURN_ID` (the caller's return), `EXPRESS_ID`,
    /// `EXPRESS_NO`, `expressname`, `Fee`, `return_desc`, `return_time`: the parcel of an
    /// approved return (`YoufanReturnState.approved`, the only state whose screen offers it),
    /// which moves on to `sentBack`; the state is checked inside the write.
    @Sendable static func shipReturn(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let stored = try YoufanOperation.owned(.orderReturn, id: arguments.text("RETURN_ID"), context)
        let parcel = ["EXPRESS_ID", "EXPRESS_NO", "expressname", "Fee", "return_desc", "return_time"]
            .map { (key: $0, value: JSON.string(arguments.query.optional($0) ?? "")) }
        _ = try context.store.objects.database.write { connection in
            try moveReturn(stored.id, from: [.approved], to: .sentBack, in: connection) { members in
                members.removeAll { member in parcel.contains { $0.key == member.key } }
                members += parcel
            }
        }
        return .done
    }

    /// `Order/CommentCreateList` (POST) — `commentCreateList` = `[{info, score, userId, temp_id,
    /// type, orderId}]` (MB `AppraiseViewController.m`): each row becomes the caller's comment on
    /// product `temp_id`, which `Comment/getCommentList&type=2` and `Order/CommentFilter` show; the
    /// caller's `received` order `orderId` becomes `reviewed` (the app's `judgeStatus` 3, 查看评价)
    /// once all its products are reviewed, `judgeStatus` 2 (部分) before (`markReviewed`).
    @Sendable static func review(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let rows = try (context.arguments.json("commentCreateList").arrayValue ?? []).map { row in
            guard let product = YoufanCapture.identifier(row, "temp_id") else { throw YoufanFailure.missing("commentCreateList[].temp_id") }
            guard let info = row["info"]?.stringValue, !info.isEmpty else { throw YoufanFailure.missing("commentCreateList[].info") }
            let score = YoufanCapture.identifier(row, "score") ?? "5"
            let body = JSON.object([("info", .string(info)), ("score", .string(score)), ("to_user_id", ""),
                                    ("orderId", .string(YoufanCapture.identifier(row, "orderId") ?? ""))])
            return (target: YoufanComments.target(type: "2", tid: product), body: body.encoded(), order: body["orderId"]?.stringValue ?? "",
                    product: product)
        }
        guard !rows.isEmpty else { throw YoufanFailure.missing("commentCreateList") }
        try context.store.objects.database.write { connection in
            for row in rows {
                _ = try YoufanUserObjectRepository.insert(YoufanCollection.comment.rawValue, userID: user, target: row.target,
                                                          state: "", body: row.body, in: connection)
                try markReviewed(row.order, product: row.product, by: user, in: connection)
            }
        }
        return .done
    }

    /// `Order/CommentListFilter` (MB `AppraiseViewController.m`: a GET with `userId`, `orderId` and the
    /// token) — the caller's reviews of their order `orderId` (`Order/CommentCreateList`) as
    /// `{id, temp_id, info, score}`: the review screen shows a product's text and stars from the row
    /// whose `temp_id` is the product's code.
    @Sendable static func orderReviews(_ context: YoufanContext) throws -> YoufanAnswer {
        let order = try YoufanOperation.owned(.order, id: context.arguments.text("orderId"), context)
        let written = try context.store.objects.objects(YoufanCollection.comment.rawValue, userID: order.userID,
                                                        page: YoufanPage(index: 0, size: Int.max)).objects
        let rows = try written.compactMap { stored -> JSON? in
            let body = try JSON.parse(stored.body)
            guard body["orderId"]?.stringValue == String(order.id) else { return nil }
            let product = stored.target.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
            return .object([("id", .string(String(stored.id))), ("temp_id", .string(product)),
                            ("info", body["info"] ?? ""), ("score", body["score"] ?? "5")])
        }
        return .list(rows, total: rows.count)
    }

    /// `Order/CommentFilter` — `sourcE_IDS` (a product code), `pageIndex` from 1: one page of the
    /// comments written here about the product (`Order/CommentCreateList`,
    /// `Comment/addCommentInfo&type=2`), newest first.
    @Sendable static func reviews(_ context: YoufanContext) throws -> YoufanAnswer {
        let paging = YoufanPagingRule(index: "pageIndex", base: 1, sizes: ["pageSize"], size: 10)
        let found = try context.store.objects.objects(YoufanCollection.comment.rawValue,
                                                      target: YoufanComments.target(type: "2", tid: context.arguments.text("sourcE_IDS")),
                                                      page: paging.page(context.arguments.query))
        return .list(try found.objects.map { try reviewRow($0, context) }, total: found.total)
    }

    /// A comment as `Order/CommentFilter` reads it (`SProductDetailCommentModel`, MB
    /// `Unico/SProductDetail/SProductDetailViewController.m`).
    private static func reviewRow(_ stored: YoufanUserObject, _ context: YoufanContext) throws -> JSON {
        let body = try JSON.parse(stored.body)
        let author = try YoufanComments.person(stored.userID, context.store)
        let product = stored.target.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
        return .object([
            ("id", .string(String(stored.id))), ("content", .string(YoufanText.escaped(body["info"]?.stringValue ?? ""))),
            ("creatE_DATE", .string(stored.created)), ("creatE_USER", .string(stored.userID)),
            ("nickName", author["nick_name"] ?? ""), ("headPortrait", author["head_img"] ?? ""),
            ("userId", .string(stored.userID)), ("userName", author["nick_name"] ?? ""), ("gender", ""),
            ("satisfactioN_INDEX", .int(PHPInteger.intval(body["score"]?.stringValue ?? "5"))),
            ("sourcE_ID", .string(product)), ("sourcE_TYPE", 1), ("type", 1), ("iS_DELETED", 0),
            ("lasT_MODIFIED_DATE", .string(stored.created)), ("lasT_MODIFIED_USER", .string(stored.userID)),
        ])
    }
}
