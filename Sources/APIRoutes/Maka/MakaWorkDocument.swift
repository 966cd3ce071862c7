import Wire

/// What every work document (event or template, WIRE.md §4.2) shares: the URLs the clients
/// build from its id (§1.8, §4.6; the mock serves none of them) and the members of QT's
/// bundled `data.json` beside its own fields.
enum MakaWorkDocument {
    /// The work viewer, for events and templates (QT `data.json` `url`).
    static func viewer(_ id: String) -> String { "http://viewer.maka.im/k/\(id)" }

    /// The QR code image (QT `data.json` `QRcodeImg`).
    static func qrCode(_ id: String) -> String { "http://img1.maka.im/qrcode/\(id).png" }

    /// Appends the members of a work document beside its own fields, as QT's bundled `data.json`
    /// has them: the format version, the (unused) classification, the pages (a JSON array as
    /// text, copied as it is) as `pdata`, no music.
    static func writeSharedMembers(pages: some Sequence<UInt8>, into output: inout [UInt8]) {
        output.appendMember(#","p_version":"#, literal: #""2""#)
        output.appendMember(#","functionId":"#, literal: #""0""#)
        output.appendMember(#","industryId":"#, literal: #""0""#)
        output.appendMember(#","functionTag":"#, literal: #""""#)
        output.appendMember(#","industryTag":"#, literal: #""""#)
        output.append(static: #","pdata":{"json":"#)
        output.append(contentsOf: pages)
        output.append(static: #","music":[]},"thumbPosition":[]"#)
    }
}
