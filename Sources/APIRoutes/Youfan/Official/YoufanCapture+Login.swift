import Store
import Wire

extension YoufanCapture {
    /// A captured `User/login`: the user its `json` record describes, signed in with the token
    /// the server answered. The seeds carry the demo account this way, so a reset brings it back
    /// with the same token.
    func login() throws -> Bool {
        guard let account = text("account"), let record = text("json").flatMap({ try? JSON.parse($0) }),
              let userID = Self.identifier(record, "id"), let token = data.stringValue, !token.isEmpty
        else { return false }
        try YoufanAccountRepository.signIn(userID: userID, account: account,
                                           profile: YoufanAccount.profile(record, userID: userID).encoded(),
                                           token: token, in: connection)
        return true
    }
}
