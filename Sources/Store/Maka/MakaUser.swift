/// A Maka account as stored: the public profile plus the email only its owner sees.
public struct MakaUser: Sendable, Equatable {
    public var uid: Int64
    /// Lowercased; nil for an author known only from a captured list.
    public var email: String?
    public var nickname: String
    public var avatar: String
    /// 0 unknown, 1 male, 2 female.
    public var gender: Int
    public var city: String
    public var signature: String
    public var createTime: String

    public init(uid: Int64, email: String?, nickname: String, avatar: String = "", gender: Int = 0,
                city: String = "", signature: String = "", createTime: String) {
        self.uid = uid
        self.email = email
        self.nickname = nickname
        self.avatar = avatar
        self.gender = gender
        self.city = city
        self.signature = signature
        self.createTime = createTime
    }

    static let columns = "uid, email, nickname, avatar, gender, city, signature, create_time"

    init(row: Row) throws {
        self.init(uid: try row.int64("uid"), email: try row.optionalString("email"),
                  nickname: try row.string("nickname"), avatar: try row.string("avatar"),
                  gender: try row.int("gender"), city: try row.string("city"),
                  signature: try row.string("signature"), createTime: try row.string("create_time"))
    }
}

/// The profile fields an owner may change with `PUT /app/user/{uid}`, by their API names.
public enum MakaProfileField: String, Sendable, CaseIterable {
    case nickname, avatar, gender, city, signature

    /// The column is named like the field.
    var column: String { rawValue }

    /// Whether published events show this field, so their feed items must be re-encoded.
    var isShownInFeed: Bool { self == .nickname || self == .avatar }
}
