import Wire

/// Which upstream statuses become captures (`--record-status`): a comma-separated list of
/// classes (`2xx`), single codes (`404`) and ranges (`500-503`). The default, `2xx,3xx`, keeps
/// a passing upstream failure from being replayed forever; what is not recorded is still
/// forwarded and journaled.
public struct RecordStatuses: Sendable, Equatable, CustomStringConvertible {
    private let ranges: [ClosedRange<Int>]
    public let description: String

    /// `2xx,3xx`.
    public static let successAndRedirects = try! RecordStatuses(parsing: "2xx,3xx")

    public init(parsing text: String) throws(ControlSyntaxError) {
        var ranges: [ClosedRange<Int>] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = item.trimmingCharacters(in: " ").lowercased()
            if item.count == 3, item.hasSuffix("xx"), let digit = Int(item.prefix(1)), (1...5).contains(digit) {
                ranges.append(digit * 100...digit * 100 + 99)
            } else if let dash = item.firstIndex(of: "-"),
                      let low = Self.code(item[..<dash]), let high = Self.code(item[item.index(after: dash)...]), low <= high {
                ranges.append(low...high)
            } else if let code = Self.code(item[...]) {
                ranges.append(code...code)
            } else {
                throw ControlSyntaxError(
                    "record status \"\(item)\" must be a class (2xx), a code (404) or a range (500-503), comma-separated")
            }
        }
        self.ranges = ranges
        self.description = text
    }

    public func contains(_ status: Int) -> Bool {
        ranges.contains { $0.contains(status) }
    }

    private static func code(_ text: Substring) -> Int? {
        guard text.count == 3, let code = Int(text), (100...599).contains(code) else { return nil }
        return code
    }

    public static func == (lhs: RecordStatuses, rhs: RecordStatuses) -> Bool { lhs.ranges == rhs.ranges }
}
