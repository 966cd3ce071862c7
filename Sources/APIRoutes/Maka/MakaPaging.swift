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
        index = try Self.integer(parameters.integer("page"), name: "page", default: 1, range: 1...Self.maximumIndex)
        size = try Self.integer(parameters.integer("pageSize"), name: "pageSize", default: Self.defaultSize,
                                range: 1...Self.maximumSize)
    }

    private static func integer(_ given: MakaInteger, name: String, default fallback: Int,
                                range: ClosedRange<Int>) throws(MakaFailure) -> Int {
        switch given {
        case .absent: return fallback
        case .decimal(let value) where range.contains(value): return value
        default: throw .invalid("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}
