import Store
import Wire

extension YoufanCapture {
    /// A captured `Message/getMailList` of a signed-in user (`token`): its notices become that
    /// user's unread notices, about their `type`. The seeds give the demo account its notices
    /// this way (imported after its `User/login`), so the message badge starts above zero; a
    /// notice already held is not added again.
    func mails() throws -> Bool {
        guard let (user, rows) = try signedInRows() else { return false }
        for row in rows {
            guard let title = row["title"]?.stringValue, !title.isEmpty else { continue }
            let body = JSON.object([("title", .string(title)), ("message", row["message"] ?? ""),
                                    ("jump_id", .string(Self.identifier(row, "jump_id") ?? ""))]).encoded()
            guard try !YoufanUserObjectRepository.holds(YoufanCollection.mail.rawValue, userID: user, body: body, in: connection) else {
                continue
            }
            _ = try YoufanUserObjectRepository.insert(YoufanCollection.mail.rawValue, userID: user,
                                                      target: Self.identifier(row, "type") ?? YoufanMessages.systemType,
                                                      state: YoufanMessages.unreadState, body: body, in: connection)
        }
        return true
    }
}
