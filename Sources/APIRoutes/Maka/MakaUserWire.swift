import Store
import Wire

/// The one writer of the User of WIRE.md §4.2 as QT binds it (`UserInfoItem.h`,
/// `UserDetailItem.h`): `uid` a JSON integer, the avatar as `thumb`, text fields `""` when
/// unset, never a `null`. The owner also gets `email`, `mobile`, `truename` and the balance,
/// spelled both `accountBalance` and `acountBalance` (QT `UserDetailItem.h` reads the latter).
///
/// Writes JSON bytes straight from the fields, wherever they are held: the profile route hands
/// it the user query's row in SQLite's buffers, so a profile read builds no `JSON` tree.
enum MakaUserWire {
    /// Appends the User object; with a `token` (login and register, WIRE.md §4.4), the owner's
    /// User plus `token` at its end, which QT `LoginVC.m` reads as `data.token`.
    static func write(_ user: some MakaUserFields, forOwner isOwner: Bool, token: String? = nil,
                      into output: inout [UInt8]) throws {
        output.append(contentsOf: #"{"uid":"#.utf8)
        output.appendDecimal(Int(try user.integer(.uid)))
        try text(#","username":"#, .username)
        try text(#","nickname":"#, .nickname)
        try text(#","thumb":"#, .avatar)
        try text(#","company":"#, .company)
        try text(#","province":"#, .province)
        try text(#","city":"#, .city)
        try text(#","industry":"#, .industry)
        try integer(#","level":"#, .level)
        try integer(#","templateNumber":"#, .templateNumber)
        try text(#","createTime":"#, .createTime)
        if isOwner {
            try text(#","email":"#, .email)
            try text(#","mobile":"#, .mobile)
            try text(#","truename":"#, .truename)
            try integer(#","accountBalance":"#, .accountBalance)
            try integer(#","acountBalance":"#, .accountBalance)
        }
        if let token {
            output.append(contentsOf: #","token":"#.utf8)
            output.appendJSONString(token)
        }
        output.append(UInt8(ascii: "}"))

        /// `,"name":` in one copy.
        func key(_ separatorAndName: StaticString) {
            output.append(contentsOf: UnsafeBufferPointer(
                start: separatorAndName.utf8Start, count: separatorAndName.utf8CodeUnitCount))
        }
        func text(_ name: StaticString, _ column: MakaUserColumn) throws {
            key(name)
            try user.withText(column) { output.appendJSONString(utf8: $0) }
        }
        func integer(_ name: StaticString, _ column: MakaUserColumn) throws {
            key(name)
            output.appendDecimal(Int(try user.integer(column)))
        }
    }
}
