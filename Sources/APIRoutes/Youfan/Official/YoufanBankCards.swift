import Store
import Wire

/// A seller's bank cards (MB `MBController/BinDingBankCard`: 我的银行卡 lists them with
/// `Collocation/WxSellerCardFilter`, adds one with `WxSellerCardCreate`, makes one the default with
/// `WxSellerCardUpdateState`, removes one with `WxSellerCardDelete`). A card keeps the fields the
/// form sends; its state is `default` for the caller's one default card, empty otherwise.
enum YoufanBankCards {
    static let isDefault = "default"

    /// `WXSC_Collocation/BaseBankFilter` — every bank, or with `BankCode` (the card number typed
    /// so far) the bank whose cards start that way (none: the screen's "卡号有误").
    @Sendable static func banks(_ context: YoufanContext) throws -> YoufanAnswer {
        let number = context.arguments.text("BankCode")
        let banks = number.isEmpty ? YoufanBank.all : YoufanBank.all.filter { number.hasPrefix($0.prefix) }
        return .list(banks.map(\.row), total: banks.count)
    }

    /// `WXSC_Collocation/WxSellerCardCreate` (POST) — `carD_NO` (12 to 19 digits), `carD_NAME`
    /// (the holder), `banK_ID` (a `BaseBankFilter` id), `BANK_DTNAME` (the branch), `is_DEFAULT`
    /// (1: the only default; the first card is the default anyway). `results` = `[card]`.
    /// Hand-written: one write may take the default from the caller's other cards.
    @Sendable static func create(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let arguments = context.arguments
        let number = arguments.text("carD_NO")
        guard (12...19).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw YoufanFailure.notFound("carD_NO=\(number) 不是银行卡号")
        }
        guard YoufanBank.named(id: arguments.text("banK_ID")) != nil else {
            throw YoufanFailure.notFound("banK_ID=\(arguments.text("banK_ID")) 不存在")
        }
        let body = JSON.object(["carD_NO", "carD_NAME", "banK_ID", "BANK_DTNAME"].map { ($0, .string(arguments.text($0))) }).encoded()
        let collection = YoufanCollection.bankCard.rawValue
        let stored = try context.store.objects.database.write { connection in
            let first = try !YoufanUserObjectRepository.any(collection, userID: user, in: connection)
            let makeDefault = first || arguments.integer("is_DEFAULT") == 1
            if makeDefault { try YoufanUserObjectRepository.clear(isDefault, collection: collection, userID: user, in: connection) }
            let id = try YoufanUserObjectRepository.insert(collection, userID: user, target: "",
                                                           state: makeDefault ? isDefault : "", body: body, in: connection)
            return try YoufanUserObjectRepository.object(collection, id: id, in: connection)
        }
        return .list(try stored.map { [try row(context, $0)] } ?? [], total: 1)
    }

    /// `WXSC_Collocation/WxSellerCardUpdateState` (POST) — `Id`: the caller's card becomes the
    /// only default. Hand-written for the same reason as `create`.
    @Sendable static func makeDefault(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let id = context.arguments.text("Id")
        try context.store.objects.database.write { connection in
            guard let number = Int64(id),
                  let card = try YoufanUserObjectRepository.object(YoufanCollection.bankCard.rawValue, id: number, in: connection),
                  card.userID == user
            else { throw YoufanFailure.notFound("\(YoufanCollection.bankCard.rawValue) \(id) 不存在") }
            try YoufanUserObjectRepository.clear(isDefault, collection: card.collection, userID: user, in: connection)
            try YoufanUserObjectRepository.update(id: card.id, state: isDefault, body: card.body, in: connection)
        }
        return .done
    }

    /// A card as `MyBankCardModel` reads it: `id` and `iS_DEFAULT` numbers, the bank's name,
    /// card type and short code beside the stored fields.
    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        let bank = YoufanBank.named(id: body["banK_ID"]?.stringValue ?? "")
        return .object([
            ("id", .int(stored.id)), ("userId", .string(stored.userID)), ("carD_NO", body["carD_NO"] ?? ""),
            ("carD_NAME", body["carD_NAME"] ?? ""), ("banK_ID", .int(bank?.id ?? 0)), ("banK_NAME", .string(bank?.name ?? "")),
            ("BANK_DTNAME", body["BANK_DTNAME"] ?? ""), ("carD_TYPE", "借记卡"), ("shorT_CODE", .string(bank?.code ?? "")),
            ("iS_DEFAULT", .int(stored.state == isDefault ? 1 : 0)),
        ])
    }
}
