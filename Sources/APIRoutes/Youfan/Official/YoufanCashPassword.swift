import Store
import Wire

/// A seller's cash password (提现密码) and withdrawals of 我的收益 (MB
/// `UI/ViewController/Me/MyIncome`). The password is kept per user as a salted scrypt hash, never
/// as sent; a withdrawal is refused beyond the balance, which is always zero here (the mock keeps
/// no commissions, so it invents none). Hand-written: the screens read `flag` beside `isSuccess`,
/// and a password is checked against its hash, which no generic operation does.
enum YoufanCashPassword {
    /// scrypt at 2^10 (1 MiB, a few milliseconds): verified on the event loop, and a six-digit
    /// PIN gains nothing from a costlier hash.
    static let hasher = PasswordHasher(cost: 10)
    /// What `WxSellerAccountByAccountFilter` shows as `casH_PASSWORD` once a password is set: the
    /// app only tests it for emptiness and sends it back as `pws`, so no hash leaves the server.
    static let mask = "******"
    /// The app's own answer to a wrong password (`PassWordViewController.m`, `BingBankViewController.m`).
    static let wrong = "密码错误"

    /// `WXSC_Collocation/WxSellerCashPwsCheck` — `inputPws` (the app also sends `pws`, the
    /// `casH_PASSWORD` it was shown, which proves nothing and is ignored): top-level `flag` 1 when
    /// it is the caller's cash password, else `flag` 0 and `message` 密码错误 (none set: never).
    @Sendable static func check(_ context: YoufanContext) throws -> YoufanAnswer {
        let matches = try storedHash(context.user(), context).map {
            hasher.verify(context.arguments.text("inputPws"), against: $0)
        } ?? false
        return YoufanAnswer(data: .array([]), message: matches ? "" : wrong, extra: [("flag", .int(matches ? 1 : 0))])
    }

    /// `WXSC_Collocation/WxSellerChangeCashPws` — `AccountID` (the seller), `OldPws` (required
    /// once a password is set), `NewPws` (six digits). The app shows `message` either way.
    @Sendable static func change(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let arguments = context.arguments
        let new = arguments.text("NewPws")
        guard new.count == 6, new.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw YoufanFailure(message: "请输入六位密码") }
        let hash = try hasher.hash(new)
        let collection = YoufanCollection.cashPassword.rawValue
        try context.store.objects.database.write { connection in
            let existing = try YoufanUserObjectRepository.object(collection, userID: user, target: "", in: connection)
            let body = JSON.object([("hash", .string(hash))]).encoded()
            if let existing {
                let old = try JSON.parse(existing.body)["hash"]?.stringValue ?? ""
                guard hasher.verify(arguments.text("OldPws"), against: old) else { throw YoufanFailure(message: wrong) }
                try YoufanUserObjectRepository.update(id: existing.id, state: existing.state, body: body, in: connection)
            } else {
                _ = try YoufanUserObjectRepository.insert(collection, userID: user, target: "", state: "", body: body, in: connection)
            }
        }
        return YoufanAnswer(data: .array([]), message: "设置成功")
    }

    /// `WXSC_Collocation/WxSellerCashAppCreate` — `SUPER_SELLER_ID` (the caller), `SELLER_BANK_ID`
    /// (one of the caller's cards), `AMOUNT` (yuan). Nothing can be withdrawn: more than the
    /// balance, zero, is refused in the app's own words; nothing is kept.
    @Sendable static func withdraw(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let user = try context.user()
        let seller = arguments.text("SUPER_SELLER_ID")
        guard seller.isEmpty || seller == user else { throw YoufanFailure.notFound("SUPER_SELLER_ID=\(seller) 不存在") }
        _ = try YoufanOperation.owned(.bankCard, id: arguments.text("SELLER_BANK_ID"), context)
        let amount = arguments.text("AMOUNT")
        guard let yuan = Double(amount), yuan.isFinite, yuan > 0 else { throw YoufanFailure.notFound("AMOUNT=\(amount) 不是金额") }
        // Every positive amount is more than the balance (`caN_CASH_AMOUNT` 0, `YoufanIncome`).
        throw YoufanFailure(message: "输入的金额要小于等于可提现金额")
    }

    /// The hash of the user's cash password; nil when none is set.
    static func storedHash(_ user: String, _ context: YoufanContext) throws -> String? {
        let found = try context.store.objects.objects(YoufanCollection.cashPassword.rawValue, userID: user,
                                                      page: YoufanPage(index: 0, size: 1)).objects.first
        return try found.flatMap { try JSON.parse($0.body)["hash"]?.stringValue }
    }
}
