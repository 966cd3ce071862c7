/// The seller's bank cards of 我的收益 → 添加银行卡 (MB `MBController/BinDingBankCard`), kept per
/// user. The app posts the writes through `MBShoppingGuideInterface requestPostUrlName` → `quickPost`,
/// with no token and the user named as `userId`/`UserId`.
extension YoufanDeclarations {
    static let bankCards: [YoufanDeclaration] = [
        YoufanDeclaration("WXSC_Collocation", "BaseBankFilter", .soa, .anyone, [.text("BankCode", default: "")],
                          .custom(writes: false, YoufanBankCards.banks),
                          answer: "`results` = `[BaseBankFilterModel {id, code, name, carD_NAME, carD_TYPE, shorT_CODE}]`: every bank, or with `BankCode` (a card number) the bank its prefix names (`[]`: none)"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerCardCreate", .soa, .signedInOrNamed(),
                          [.text("carD_NO"), .text("carD_NAME"), .text("banK_ID"), .text("BANK_DTNAME", default: ""),
                           .integer("is_DEFAULT", default: 0)],
                          .custom(writes: true, YoufanBankCards.create),
                          answer: "`results` = `[card]` as `WxSellerCardFilter` lists it; `is_DEFAULT` 1 (or the first card) makes it the only default; `carD_NO` not 12–19 digits or an unknown `banK_ID` → `isSuccess` 0, nothing kept"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerCardUpdateState", .soa, .signedInOrNamed(), [.text("Id")],
                          .custom(writes: true, YoufanBankCards.makeDefault),
                          answer: "`results` `[]`; the caller's card `Id` becomes the only default"),
        YoufanDeclaration("WXSC_Collocation", "WxSellerCardDelete", .soa, .signedInOrNamed(), [.text("Ids")],
                          .delete(.bankCard, ids: "Ids"), answer: "`results` `[]`; removes the caller's cards"),
    ]
}
