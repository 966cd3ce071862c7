/// How long to wait before answering: a fixed time, a uniformly random time in a range, or the
/// wait the matched capture recorded (HAR `timings.wait`).
///
/// Text forms (flags, headers, admin rules): `200`, `200ms`, `1.5s`, `0-1500ms`, `1-2s`, `captured`.
/// A bare number means milliseconds.
public enum LatencySpec: Sendable, Equatable, CustomStringConvertible {
    /// Always this many milliseconds.
    case fixed(milliseconds: Int)
    /// A whole number of milliseconds drawn uniformly from the closed range.
    case uniform(ClosedRange<Int>)
    /// The `timings.wait` recorded with the capture that matches the request (none: no delay).
    case captured

    /// The longest delay accepted anywhere (10 minutes): longer is surely a typo.
    public static let maximumMilliseconds = 600_000

    public init(parsing text: String) throws(ControlSyntaxError) {
        let trimmed = text.trimmingSpaces().lowercased()
        if trimmed == "captured" {
            self = .captured
            return
        }
        let unitScale: Double
        let numbers: Substring
        if trimmed.hasSuffix("ms") {
            unitScale = 1
            numbers = trimmed.dropLast(2)
        } else if trimmed.hasSuffix("s") {
            unitScale = 1000
            numbers = trimmed.dropLast(1)
        } else {
            unitScale = 1
            numbers = Substring(trimmed)
        }
        let bounds = numbers.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count) else {
            throw ControlSyntaxError(Self.usage(text))
        }
        let milliseconds = try bounds.map { bound throws(ControlSyntaxError) -> Int in
            guard let value = Double(bound.trimmingSpaces()), value.isFinite, value >= 0 else {
                throw ControlSyntaxError(Self.usage(text))
            }
            let scaled = (value * unitScale).rounded()
            guard scaled <= Double(Self.maximumMilliseconds) else {
                throw ControlSyntaxError("latency \"\(text)\" is longer than the maximum of \(Self.maximumMilliseconds) ms")
            }
            return Int(scaled)
        }
        if milliseconds.count == 1 {
            self = .fixed(milliseconds: milliseconds[0])
        } else if milliseconds[0] <= milliseconds[1] {
            self = milliseconds[0] == milliseconds[1] ? .fixed(milliseconds: milliseconds[0]) : .uniform(milliseconds[0]...milliseconds[1])
        } else {
            throw ControlSyntaxError("latency range \"\(text)\" must go from the smaller to the larger value")
        }
    }

    /// The canonical text form, which parses back to the same value.
    public var description: String {
        switch self {
        case let .fixed(milliseconds): "\(milliseconds)ms"
        case let .uniform(range): "\(range.lowerBound)-\(range.upperBound)ms"
        case .captured: "captured"
        }
    }

    private static func usage(_ text: String) -> String {
        "latency \"\(text)\" is not understood; use milliseconds (200, 200ms), seconds (1.5s), a range (0-1500ms) or captured"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
