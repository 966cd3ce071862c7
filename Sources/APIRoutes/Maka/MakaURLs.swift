/// The URLs the clients build from ids (WIRE.md §1.8, §4.6); the mock serves none of them.
enum MakaURLs {
    /// The work viewer, for events and templates (QT `data.json` `url`).
    static func viewer(_ id: String) -> String { "http://viewer.maka.im/k/\(id)" }

    /// The QR code image (QT `data.json` `QRcodeImg`).
    static func qrCode(_ id: String) -> String { "http://img1.maka.im/qrcode/\(id).png" }
}
