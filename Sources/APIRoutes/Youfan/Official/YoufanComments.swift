import Store
import Wire

/// Comments users write (`Comment/addCommentInfo`), shaped as `Comment/getCommentList` answers
/// them (WIRE.md §2.16: `id`, `user_id`, `nick_name`, `head_img`, `head_v_type`, `score`, `info`,
/// `create_time`, `to_user_id`, `to_user{nick_name, user_id}` — GF `bean/CommendBean.java`;
/// `product_color`, `product_size`, `img_list`, `subs` for HC's product comments).
enum YoufanComments {
    /// What a comment is about: `type:tid`, the key `getCommentList` reads them by.
    static func target(type: String, tid: String) -> String { "\(type):\(tid)" }

    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        try render(stored, store: context.store)
    }

    static func render(_ stored: YoufanUserObject, store: YoufanStore) throws -> JSON {
        let body = try JSON.parse(stored.body)
        let author = try person(stored.userID, store)
        let addressee = body["to_user_id"]?.stringValue ?? ""
        let target = addressee.isEmpty ? JSON.object([("nick_name", ""), ("user_id", "")]) : try person(addressee, store)
        return .object([
            ("id", .string(String(stored.id))), ("user_id", .string(stored.userID)),
            ("nick_name", author["nick_name"] ?? ""), ("head_img", author["head_img"] ?? ""), ("head_v_type", "0"),
            ("score", body["score"] ?? "5"), ("info", .string(YoufanText.escaped(body["info"]?.stringValue ?? ""))),
            ("create_time", .string(stored.created)), ("to_user_id", .string(addressee)),
            ("to_user", .object([("nick_name", target["nick_name"] ?? ""), ("user_id", .string(addressee))])),
            ("product_color", ""), ("product_size", ""), ("img_list", .array([])), ("subs", .array([])),
        ])
    }

    /// A user's `nick_name`, `head_img` and `user_id` from the stored profile (empty for an
    /// unknown user).
    static func person(_ userID: String, _ store: YoufanStore) throws -> JSON {
        let profile = try store.accounts.profile(userID: userID).map { try JSON.parse($0) }
        return .object([("nick_name", profile?["nick_name"] ?? ""), ("head_img", profile?["head_img"] ?? ""),
                        ("user_id", .string(userID))])
    }
}

/// ThinkPHP's default input filter (`DEFAULT_FILTER` = `htmlspecialchars`, WIRE.md §1.4.12):
/// text the server stored from a request comes back escaped.
enum YoufanText {
    static let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]

    static func escaped(_ text: String) -> String {
        text.reduce(into: "") { result, character in result += entities[character] ?? String(character) }
    }
}
