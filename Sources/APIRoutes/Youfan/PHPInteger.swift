/// PHP's `intval` of a request string: leading whitespace skipped, an optional sign, then the
/// digits up to the first non-digit; no digits gives 0, overflow saturates. It never fails:
/// `"1 "` → 1, `"null"` → 0, `"1.5"` → 1, `"-3"` → -3.
enum PHPInteger {
    static func intval(_ text: String) -> Int {
        var scalars = Substring(text).unicodeScalars.drop { " \t\n\r\u{0B}\u{0C}".unicodeScalars.contains($0) }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var magnitude = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            let digit = Int(scalar.value - ("0" as Unicode.Scalar).value)
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return negative ? Int.min : Int.max }
            magnitude = added
        }
        return negative ? -magnitude : magnitude
    }
}
