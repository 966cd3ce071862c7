/// The ids the clients see (WIRE.md §1.8): characters `[0-9A-Z]` of a fixed length — events 8
/// (`YWEXMMMH`), pictures 20 (`7369FI4W1MJ6VA1OOOQU`), templates `T_` + 8. Tables whose rows the
/// mock creates keep an integer row id inside and store this as the client's id.
public enum MakaClientID {
    public static let eventLength = 8
    public static let pictureLength = 20
    static let characters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// Whether `text` is `length` characters `[0-9A-Z]`.
    public static func isValid<Text: StringProtocol>(_ text: Text, length: Int) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { characters.contains($0) }
    }

    /// A fresh random id (the caller retries on the rare collision).
    static func random(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<length).map { _ in characters.randomElement(using: &generator)! }, as: UTF8.self)
    }

    /// The id of an integer id from an older database or capture: base 36, zero-padded.
    public static func fromLegacy(_ id: Int64, length: Int) -> String {
        let digits = String(id, radix: 36, uppercase: true)
        return String(repeating: "0", count: max(0, length - digits.count)) + digits
    }
}
