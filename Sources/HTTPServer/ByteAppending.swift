/// Small, allocation-free appenders used to serialise heads, log lines and error bodies.
extension Array where Element == UInt8 {
    /// Appends a non-negative or negative integer in decimal.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDecimal(UInt(value.magnitude))
        } else {
            appendDecimal(UInt(value))
        }
    }

    mutating func appendDecimal(_ value: UInt) {
        var digitCount = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        let start = count
        append(contentsOf: repeatElement(0, count: digitCount))
        var remaining = value
        var index = start + digitCount - 1
        repeat {
            self[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
            remaining /= 10
            index -= 1
        } while remaining > 0
    }
}
