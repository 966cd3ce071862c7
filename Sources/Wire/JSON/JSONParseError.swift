/// Why a byte sequence is not JSON, and where (byte offset) the problem was found.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public var description: String { "\(message) at byte \(offset)" }

    /// The 1-based line and column (in characters) of the offset within `bytes`, for messages
    /// about files a person edits.
    public func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
