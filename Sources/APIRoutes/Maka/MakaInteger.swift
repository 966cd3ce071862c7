/// A parameter as the Maka routes read an integer (`page`, `pageSize`, a category or tag id):
/// absent, empty, a plain decimal integer (`MakaInput.decimal`), or any other text. Each route
/// decides what an empty or other value means (a default, "not given", a business 422).
enum MakaInteger: Sendable, Equatable {
    case absent
    case empty
    case decimal(Int)
    case other

    /// `text` (nil when the parameter is absent) read as an integer.
    init(_ text: String?) {
        if let text { self.init(bytes: text.utf8) } else { self = .absent }
    }

    /// A given value's bytes read as an integer.
    init(bytes: some Collection<UInt8>) {
        if bytes.isEmpty {
            self = .empty
        } else if let value = MakaInput.decimal(digits: bytes) {
            self = .decimal(value)
        } else {
            self = .other
        }
    }
}
