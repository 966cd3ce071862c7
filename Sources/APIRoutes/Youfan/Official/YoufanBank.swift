import Wire

/// A bank a seller may bind a card of, as the add-card screen reads it (`WXSC_Collocation/BaseBankFilter`,
/// MB `MBController/BinDingBankCard/Model/BaseBankFilterModel.h`), with the card-number prefix its
/// debit cards start with, so the screen's lookup by card number finds its bank.
struct YoufanBank: Sendable {
    let id: Int64
    let code: String
    let name: String
    let cardName: String
    let prefix: String

    /// The banks offered, in the picker's order.
    static let all: [YoufanBank] = [
        YoufanBank(id: 1, code: "ICBC", name: "中国工商银行", cardName: "牡丹灵通卡", prefix: "622202"),
        YoufanBank(id: 2, code: "ABC", name: "中国农业银行", cardName: "金穗通宝卡", prefix: "622848"),
        YoufanBank(id: 3, code: "BOC", name: "中国银行", cardName: "长城电子借记卡", prefix: "621661"),
        YoufanBank(id: 4, code: "CCB", name: "中国建设银行", cardName: "龙卡储蓄卡", prefix: "621700"),
        YoufanBank(id: 5, code: "CMB", name: "招商银行", cardName: "一卡通", prefix: "622588"),
    ]

    static func named(id: String) -> YoufanBank? { all.first { String($0.id) == id } }

    /// `BaseBankFilterModel` `{id, code, name, carD_NAME, carD_TYPE, shorT_CODE}` (the screen
    /// builds the logo's address from `shorT_CODE`).
    var row: JSON {
        .object([("id", .int(id)), ("code", .string(code)), ("name", .string(name)), ("carD_NAME", .string(cardName)),
                 ("carD_TYPE", "借记卡"), ("shorT_CODE", .string(code))])
    }
}
