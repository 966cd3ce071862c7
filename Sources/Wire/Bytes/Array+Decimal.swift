/// Small, allocation-free decimal appenders: JSON numbers, response heads, log lines, error bodies.
extension Array where Element == UInt8 {
    /// Appends a non-negative or negative integer in decimal.
    package mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDecimal(UInt(value.magnitude))
        } else {
            appendDecimal(UInt(value))
        }
    }

    package mutating func appendDecimal(_ value: UInt) {
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
