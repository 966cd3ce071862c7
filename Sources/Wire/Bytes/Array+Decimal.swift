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

    /// The digits are written backwards into a 20-byte stack buffer and appended in one copy:
    /// appending zeros and then storing into the array checked its uniqueness at every digit
    /// (~225 Ir a number; an access-log line and a User write ten numbers).
    package mutating func appendDecimal(_ value: UInt) {
        if value < 10 {
            append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        // UInt.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var remaining = value
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
                remaining /= 10
            } while remaining > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
