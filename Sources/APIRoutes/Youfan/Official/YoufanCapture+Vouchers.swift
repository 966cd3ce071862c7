import Store
import Wire

extension YoufanCapture {
    /// A captured `Vouchers/MyselfCouponFilter` of a signed-in user (`token`): each row (`aid`,
    /// `vouchers`, `status` 3 for a used one) becomes that user's voucher. The seeds give the demo
    /// account its vouchers this way (imported after its `User/login`); a voucher already held is
    /// not added again.
    func vouchers() throws -> Bool {
        guard let (user, rows) = try signedInRows() else { return false }
        for row in rows {
            guard let aid = Self.identifier(row, "aid"), let code = Self.identifier(row, "vouchers") else { continue }
            let target = "\(aid):\(code)"
            guard try YoufanUserObjectRepository.object(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                        in: connection) == nil
            else { continue }
            let state = Self.identifier(row, "status") == "3" ? YoufanVouchers.used : YoufanVouchers.unused
            _ = try YoufanUserObjectRepository.insert(YoufanCollection.voucher.rawValue, userID: user, target: target,
                                                      state: state, body: Array("{}".utf8), in: connection)
        }
        return true
    }
}
