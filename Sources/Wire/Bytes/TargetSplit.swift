/// The split of an origin-form request target (`/path?query`) at its first `?`: the one rule for
/// live request targets and captured URLs.
package enum TargetSplit {
    /// The path part of `range`, and the query after the `?` (nil when there is no `?`).
    @inlinable
    package static func pathAndQuery(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (path: Range<Int>, query: Range<Int>?) {
        guard let questionMark = bytes.firstIndex(of: 0x3F, in: range) else { return (range, nil) }
        return (range.lowerBound..<questionMark, (questionMark + 1)..<range.upperBound)
    }
}
