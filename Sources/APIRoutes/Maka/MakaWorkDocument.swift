import Wire

/// What every work document (event or template, WIRE.md §4.2) shares: the URLs the clients
/// build from its id (§1.8, §4.6; the mock serves none of them) and the members of QT's
/// bundled `data.json` beside its own fields.
enum MakaWorkDocument {
    /// The work viewer, for events and templates (QT `data.json` `url`).
    static func viewer(_ id: String) -> String { "http://viewer.maka.im/k/\(id)" }

    /// The QR code image (QT `data.json` `QRcodeImg`).
    static func qrCode(_ id: String) -> String { "http://img1.maka.im/qrcode/\(id).png" }

    /// The members of a work document beside its own fields, as QT's bundled `data.json` has them:
    /// the format version, the (unused) classification, the pages as `pdata`, no music.
    static func sharedMembers(pages: String) -> [(key: String, value: JSON)] {
        [
            ("p_version", .string("2")), ("functionId", .string("0")), ("industryId", .string("0")),
            ("functionTag", .string("")), ("industryTag", .string("")),
            ("pdata", .object([("json", .raw(Array(pages.utf8))), ("music", .array([]))])),
            ("thumbPosition", .array([])),
        ]
    }
}
