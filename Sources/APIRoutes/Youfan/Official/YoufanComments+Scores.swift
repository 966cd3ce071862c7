import Store
import Wire

extension YoufanComments {
    /// `Comment/getCommentInfo` — `{count_score, total_score}` (an integer and a number, MB
    /// `Unico/SCollocation/NoShoppingCommentsViewController.m`) over the comments on `type`/`tid`:
    /// the captured ones and those written here. An unknown product or collocation is the app's
    /// parameter error (-100), as `getCommentList` answers it.
    @Sendable static func scores(_ context: YoufanContext) throws -> YoufanAnswer {
        let store = context.store
        let type = context.arguments.text("type")
        let tid = context.arguments.text("tid")
        let known = type == YoufanActions.productCommentType ? try store.products.exists(code: tid)
            : try store.collocations.collocation(id: tid) != nil
        guard known else { throw YoufanFailure.notFound("tid=\(tid) 不存在") }
        let whole = YoufanPage(index: 0, size: YoufanQuery.maximumPageSize)
        let captured = try JSON.parse(store.comments.comments(type: type, tid: tid, page: whole).json).arrayValue ?? []
        let written = try store.objects.objects(YoufanCollection.comment.rawValue, target: target(type: type, tid: tid), page: whole)
        let scores = try captured.map { $0["score"] } + written.objects.map { try JSON.parse($0.body)["score"] }
        let total = scores.reduce(0.0) { $0 + points($1) }
        return YoufanAnswer(data: .object([("count_score", .int(Int64(scores.count))), ("total_score", .number(total))]), total: 1)
    }

    /// A comment's score as a number (stored as text or a number); 0 for anything else, so a
    /// score like `inf` cannot make the total unencodable.
    private static func points(_ score: JSON?) -> Double {
        guard let value = score?.stringValue.flatMap(Double.init) ?? score?.doubleValue, value.isFinite,
              abs(value) < 1_000_000 else { return 0 }
        return value
    }
}
