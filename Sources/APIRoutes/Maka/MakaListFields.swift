#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Wire

/// The integers the read-only list routes take (`page`, `pageSize`, `tagId`, `categoryId`), read
/// from a plain query in one pass over its pairs, each value where it lies: no String is made
/// for them. Each is its name's first value, as `PlainQuery[name]` gives it.
struct MakaListFields: Sendable {
    private var page = MakaInteger.absent
    private var pageSize = MakaInteger.absent
    private var tagId = MakaInteger.absent
    private var categoryId = MakaInteger.absent

    init(_ query: PlainQuery) {
        query.forEachPair { name, value in
            if Self.is(name, "page") {
                Self.keepFirst(value, in: &page)
            } else if Self.is(name, "pageSize") {
                Self.keepFirst(value, in: &pageSize)
            } else if Self.is(name, "tagId") {
                Self.keepFirst(value, in: &tagId)
            } else if Self.is(name, "categoryId") {
                Self.keepFirst(value, in: &categoryId)
            }
            return true
        }
    }

    /// The value of `name`; nil for a name these fields do not hold.
    subscript(name: String) -> MakaInteger? {
        switch name {
        case "page": page
        case "pageSize": pageSize
        case "tagId": tagId
        case "categoryId": categoryId
        default: nil
        }
    }

    private static func `is`(_ name: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
        name.count == expected.utf8CodeUnitCount && memcmp(name.baseAddress!, expected.utf8Start, name.count) == 0
    }

    /// Sets `field` to `value` unless an earlier pair of its name set it.
    private static func keepFirst(_ value: UnsafeBufferPointer<UInt8>, in field: inout MakaInteger) {
        if case .absent = field { field = MakaInteger(bytes: value) }
    }
}
