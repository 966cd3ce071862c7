import Foundation
import Wire

/// How the admin API shows a body: its text when it is UTF-8, else base64, with the encoding
/// named beside it (`"body":…,"bodyEncoding":"utf-8"`).
enum BodyJSON {
    static func members(_ body: [UInt8]) -> [(key: String, value: JSON)] {
        let text = String(validating: body, as: UTF8.self)
        return [("body", .string(text ?? Data(body).base64EncodedString())),
                ("bodyEncoding", .string(text == nil ? "base64" : "utf-8"))]
    }
}
