/// The pages of the earlier API generation that are built from other tables unless a real one
/// was captured, and the key a request's parameters give each: the page for
/// `Home/getHotLayoutInfo` and `Topic/getTopicList`, `id/cid` for `Home/getAppLayoutInfo` (both
/// read with `intval`, so `cid=null` is 0). Capture import and the actions compute the same keys.
enum YoufanCapturedPage {
    static let hotLayout = "Home/getHotLayoutInfo"
    static let topics = "Topic/getTopicList"
    static let oldLayout = "Home/getAppLayoutInfo"

    static func pageKey(_ query: YoufanQuery) -> String {
        String(query.pageIndex("page"))
    }

    /// Nil without an `id`.
    static func layoutKey(_ query: YoufanQuery) -> String? {
        query.optional("id").map { "\(PHPInteger.intval($0))/\(query.integer("cid", fallback: 0))" }
    }
}
