import CaptureFormats
import Wire

/// What the journal's writer makes of an entry as it was sent: its target, both header lists
/// and its answer body with their secrets masked, the answer body then cut to the journal's body
/// cap. Done on the writer's thread, not on the request path: masking reads every byte of the
/// answer (~1.2 Ir a byte, 25k for a 20 KB list page), and header lists kept as received bytes
/// are never made Strings on the request path. The writer skips it for a header list or answer
/// equal to one it stored as sent (`JournalParts.id(ofSent:as:storing:in:)`).
struct JournalMasking: Sendable {
    let masking: SecretMasking
    let bodyCap: Int

    /// Entries already masked and cut, stored as they are (the rows rewritten by a migration).
    static let asGiven = JournalMasking(masking: .keepingSecrets, bodyCap: .max)

    /// The bytes stored for `entry`'s answer, and whether they are the answer as sent. When they
    /// are, any answer of the same bytes is stored as them, whatever its `Content-Type`: masking
    /// leaves alone bytes that hold neither `token` nor `password`, whatever their type.
    func storedAnswer(of entry: JournalEntry) -> (bytes: [UInt8], asSent: Bool) {
        let sent = entry.responseBody
        if sent.count <= bodyCap, masking.leavesUnchanged(sent) { return (sent, true) }
        let masked = masking.body(sent, contentType: entry.answerFields[.contentType])
        return (masked.count > bodyCap ? Array(masked.prefix(bodyCap)) : masked, false)
    }

    /// The bytes stored for `fields`, whose field lines as received are `sent`
    /// (`HTTPHeaders.appendFieldLines`), and whether they are those lines. When they are, any
    /// list of the same lines is stored as them: its fields are the same.
    func storedFields(_ fields: HTTPHeaders, sent: [UInt8]) -> (bytes: [UInt8], asSent: Bool) {
        if masking.leavesUnchanged(fields) { return (sent, true) }
        var masked: [UInt8] = []
        masking.headers(fields).appendFieldLines(to: &masked)
        return (masked, false)
    }

    /// The target stored for one sent as `target`.
    func storedTarget(_ target: String) -> String {
        masking.target(target)
    }
}
