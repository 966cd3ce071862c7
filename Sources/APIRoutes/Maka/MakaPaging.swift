import HTTPServer
import Wire

/// Maka pagination: `page` (1-based, default 1) and `pageSize` (default 20, at most 100).
/// A value that is not a plain decimal integer in range is a business 422, never a default.
struct MakaPaging: Sendable, Equatable {
    static let defaultSize = 20
    static let maximumSize = 100
    static let maximumIndex = 999_999_999

    let index: Int
    let size: Int

    var offset: Int { (index - 1) * size }

    init(index: Int, size: Int) {
        self.index = index
        self.size = size
    }

    init(_ parameters: some MakaParameterSource) throws(MakaFailure) {
        index = try Self.integer(parameters["page"], name: "page", default: 1, range: 1...Self.maximumIndex)
        size = try Self.integer(parameters["pageSize"], name: "pageSize", default: Self.defaultSize,
                                range: 1...Self.maximumSize)
    }

    private static func integer(_ text: String?, name: String, default fallback: Int,
                                range: ClosedRange<Int>) throws(MakaFailure) -> Int {
        guard let text else { return fallback }
        guard let value = MakaInput.decimal(text), range.contains(value) else {
            throw .invalid("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
