/// The id the clients see for an event: 8 characters `[0-9A-Z]` (`YWEXMMMH`, WIRE.md §1.8, QT
/// `data.json`). The table keeps its integer row id inside; the code is what the API shows.
public enum MakaEventCode {
    static let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// Whether `text` has the client's format.
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 8 && text.utf8.allSatisfy { characters.contains($0) }
    }

    /// A fresh random code (the caller retries on the rare collision).
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<8).map { _ in characters.randomElement(using: &generator)! }, as: UTF8.self)
    }

    /// The code of an integer id from an older database or capture: base 36, zero-padded.
    public static func fromLegacy(_ id: Int64) -> String {
        let digits = String(id, radix: 36, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
