#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text made from the current second and made again only when the second changes, as nginx
/// caches its times: between changes a read costs one `time(2)` and no allocation. Not
/// thread-safe: each event loop owns its own.
struct PerSecondText {
    private var second: time_t = -1
    private var bytes: [UInt8] = []
    private let make: @Sendable (time_t) -> [UInt8]

    init(_ make: @escaping @Sendable (time_t) -> [UInt8]) { self.make = make }

    /// The text for now.
    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            bytes = make(now)
        }
        return bytes
    }
}
