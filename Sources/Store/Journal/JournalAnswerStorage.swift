import CaptureFormats
import Wire

/// How the journal's writer turns an answer body as it was sent into the bytes it stores: its
/// secrets masked (`SecretMasking.body`, by the answer's `Content-Type`), then cut to the
/// journal's body cap. Done on the writer's thread, not on the request path: masking reads every
/// byte of the answer (~1.2 Ir a byte, 25k for a 20 KB list page), and the writer skips it for
/// an answer equal to one it stored as sent (`JournalParts.id(ofAnswer:storing:in:)`).
struct JournalAnswerStorage: Sendable {
    let masking: SecretMasking
    let bodyCap: Int

    /// Answers already masked and cut, stored as they are (the rows rewritten by a migration).
    static let asGiven = JournalAnswerStorage(masking: .keepingSecrets, bodyCap: .max)

    /// The bytes stored for `entry`'s answer, and whether they are the answer as sent. When they
    /// are, any answer of the same bytes is stored as them, whatever its `Content-Type`: masking
    /// leaves alone bytes that hold neither `token` nor `password`, whatever their type.
    func stored(_ entry: JournalEntry) -> (bytes: [UInt8], asSent: Bool) {
        let sent = entry.responseBody
        if sent.count <= bodyCap, masking.leavesUnchanged(sent) { return (sent, true) }
        let contentType = entry.responseHeaders.first { $0.name.caseInsensitiveEquals("content-type") }?.value
        let masked = masking.body(sent, contentType: contentType)
        return (masked.count > bodyCap ? Array(masked.prefix(bodyCap)) : masked, false)
    }
}
