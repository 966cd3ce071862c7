import Store
import Wire

/// Vouchers a user takes from an activity (`Vouchers/receiveVouchersForCheck`, MB
/// `Unico/SActivity/SActivityReceiveViewController.m`): each voucher of an activity once per user.
enum YoufanVouchers {
    /// `aid`, `vouchers` (the voucher's id). A second take is the app's failure `已领取`.
    @Sendable static func receive(_ context: YoufanContext) throws -> YoufanAnswer {
        let user = try context.user()
        let target = "\(context.arguments.text("aid")):\(context.arguments.text("vouchers"))"
        try context.store.objects.database.write { connection in
            guard try YoufanUserObjectRepository.object(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                        in: connection) == nil
            else { throw YoufanFailure(message: "已领取") }
            _ = try YoufanUserObjectRepository.insert(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                      state: "", body: Array("{}".utf8), in: connection)
        }
        return YoufanAnswer(data: .array([]), message: "领取成功")
    }
}
