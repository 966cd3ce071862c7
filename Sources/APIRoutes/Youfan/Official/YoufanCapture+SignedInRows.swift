import Store
import Wire

extension YoufanCapture {
    /// The user of a capture sent with a signed-in `token` and the rows of its `data` list, nil
    /// when the token names no user or `data` is not a list: the captured per-user lists (notices,
    /// vouchers) import into that user's state.
    func signedInRows() throws -> (user: String, rows: [JSON])? {
        guard let token = text("token"), let user = try YoufanAccountRepository.userID(token: token, in: connection),
              let rows = data.arrayValue
        else { return nil }
        return (user, rows)
    }
}
