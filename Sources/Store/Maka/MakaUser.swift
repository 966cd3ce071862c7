/// A Maka account as stored: the public profile plus the fields only its owner sees
/// (`email`, `mobile`, `truename`, `accountBalance`: WIRE.md §4.3).
public struct MakaUser: Sendable, Equatable {
    public var uid: Int64
    /// Lowercased; nil for an author known only from a captured list.
    public var email: String?
    public var nickname: String
    /// The avatar URL; the clients read it as `thumb` (QT `UserInfoItem.h`).
    public var avatar: String
    public var city: String
    public var createTime: String
    public var username: String
    public var company: String
    public var truename: String
    public var mobile: String
    public var province: String
    public var industry: String
    public var accountBalance: Int
    public var level: Int
    public var templateNumber: Int

    public init(uid: Int64, email: String?, nickname: String, avatar: String = "",
                city: String = "", createTime: String, username: String = "",
                company: String = "", truename: String = "", mobile: String = "", province: String = "",
                industry: String = "", accountBalance: Int = 0, level: Int = 0, templateNumber: Int = 0) {
        self.uid = uid
        self.email = email
        self.nickname = nickname
        self.avatar = avatar
        self.city = city
        self.createTime = createTime
        self.username = username
        self.company = company
        self.truename = truename
        self.mobile = mobile
        self.province = province
        self.industry = industry
        self.accountBalance = accountBalance
        self.level = level
        self.templateNumber = templateNumber
    }

    /// The columns of the user query, in `MakaUserColumn` order.
    static let columns = MakaUserColumn.allCases.map(\.name).joined(separator: ", ")

    /// A row of `SELECT \(columns) …`, read by position (a lookup by name hashes the name,
    /// fifteen times per user read).
    init(row: Row) throws {
        func at(_ column: MakaUserColumn) -> Int { Int(column.rawValue) }
        self.init(uid: try row.int64(at: at(.uid)), email: try row.optionalString(at: at(.email)),
                  nickname: try row.string(at: at(.nickname)), avatar: try row.string(at: at(.avatar)),
                  city: try row.string(at: at(.city)), createTime: try row.string(at: at(.createTime)),
                  username: try row.string(at: at(.username)), company: try row.string(at: at(.company)),
                  truename: try row.string(at: at(.truename)), mobile: try row.string(at: at(.mobile)),
                  province: try row.string(at: at(.province)), industry: try row.string(at: at(.industry)),
                  accountBalance: try row.int(at: at(.accountBalance)), level: try row.int(at: at(.level)),
                  templateNumber: try row.int(at: at(.templateNumber)))
    }
}

/// The profile fields an owner may change with `PUT /app/user/{uid}`, by their API names
/// (the User text fields of WIRE.md §4.3).
public enum MakaProfileField: String, Sendable, CaseIterable {
    case username, nickname, thumb, company, truename, mobile, province, city, industry

    /// The column; the avatar URL is stored as `avatar` and answered as `thumb`.
    var column: String { self == .thumb ? "avatar" : rawValue }

    /// Whether published events show this field, so their feed items must be re-encoded.
    var isShownInFeed: Bool { self == .nickname }
}
