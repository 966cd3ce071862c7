/// The columns of a stored Maka user, in the order `MakaUser.columns` selects them: a column's
/// raw value is its position in that result, so a row is read by position, never by name.
enum MakaUserColumn: Int32, CaseIterable, Sendable {
    case uid, email, nickname, avatar, city, createTime, username, company, truename, mobile
    case province, industry, accountBalance, level, templateNumber

    /// The column's SQL name.
    var name: String {
        switch self {
        case .createTime: "create_time"
        case .accountBalance: "account_balance"
        case .templateNumber: "template_number"
        default: String(describing: self)
        }
    }
}
