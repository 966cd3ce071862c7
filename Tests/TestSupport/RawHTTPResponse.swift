import Foundation

/// One response as it came off the wire: the status, the head as text, the header fields in
/// order as sent, and the body bytes.
public struct RawHTTPResponse: Sendable {
    public var status: Int
    /// The status line and header fields, without the blank line that ends them.
    public var head: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// Splits a head (status line and fields, without the final blank line); status -1 when unreadable.
    init(head bytes: ArraySlice<UInt8>) {
        head = String(decoding: bytes, as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? -1
        headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        body = []
    }

    func with(body: [UInt8]) -> RawHTTPResponse {
        var copy = self
        copy.body = body
        return copy
    }

    /// The first value of the field `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The header fields by lowercased name (the last value wins).
    public var headerDictionary: [String: String] {
        Dictionary(headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
