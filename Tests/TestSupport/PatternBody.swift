/// A request body for upload tests, bytes in a pattern that catches reordering, with the FNV-1a
/// digest a `consume` upstream computes (`ConsumedRequest.digest`). Built on a thread of its own:
/// megabytes of it would otherwise hold a thread of Swift's cooperative pool, and with it the
/// other tests' continuations.
public struct PatternBody: Sendable {
    public let bytes: [UInt8]
    public let digest: UInt64

    public var count: Int { bytes.count }

    /// `count` bytes and their digest.
    public static func make(_ count: Int) async -> PatternBody {
        await DedicatedThread.run { () -> PatternBody in
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: index &* 7 &+ index >> 11) }
                initialized = count
            }
            return PatternBody(bytes: bytes, digest: ConsumedRequest.digest(bytes))
        }
    }
}
