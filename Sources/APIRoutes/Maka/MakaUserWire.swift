import Store
import Wire

/// The writer of the User of WIRE.md §4.2 as QT binds it (`UserInfoItem.h`,
/// `UserDetailItem.h`): `uid` a JSON integer, the avatar as `thumb`, text fields `""` when
/// unset, never a `null`. The owner also gets `email`, `mobile`, `truename` and the balance,
/// spelled both `accountBalance` and `acountBalance` (QT `UserDetailItem.h` reads the latter).
///
/// Register, login and a profile edit answer with it. The profile read copies the same bytes
/// from the JSON the user's row keeps (`MakaSchema.userJSON`, which encodes exactly as this does;
/// `MakaUserJSONTests` holds the two together).
enum MakaUserWire {
    /// Appends the User object; with a `token` (login and register, WIRE.md §4.4), the owner's
    /// User plus `token` at its end, which QT `LoginVC.m` reads as `data.token`.
    static func write(_ user: MakaUser, forOwner isOwner: Bool, token: String? = nil, into output: inout [UInt8]) {
        output.append(contentsOf: #"{"uid":"#.utf8)
        output.appendDecimal(Int(user.uid))
        text(#","username":"#, user.username)
        text(#","nickname":"#, user.nickname)
        text(#","thumb":"#, user.avatar)
        text(#","company":"#, user.company)
        text(#","province":"#, user.province)
        text(#","city":"#, user.city)
        text(#","industry":"#, user.industry)
        integer(#","level":"#, user.level)
        integer(#","templateNumber":"#, user.templateNumber)
        text(#","createTime":"#, user.createTime)
        if isOwner {
            text(#","email":"#, user.email ?? "")
            text(#","mobile":"#, user.mobile)
            text(#","truename":"#, user.truename)
            integer(#","accountBalance":"#, user.accountBalance)
            integer(#","acountBalance":"#, user.accountBalance)
        }
        if let token { text(#","token":"#, token) }
        output.append(UInt8(ascii: "}"))

        /// `,"name":` in one copy.
        func key(_ separatorAndName: StaticString) {
            output.append(contentsOf: UnsafeBufferPointer(
                start: separatorAndName.utf8Start, count: separatorAndName.utf8CodeUnitCount))
        }
        func text(_ name: StaticString, _ value: String) {
            key(name)
            output.appendJSONString(value)
        }
        func integer(_ name: StaticString, _ value: Int) {
            key(name)
            output.appendDecimal(value)
        }
    }
}
