import Foundation
import Wire

/// Writes HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the archive Charles,
/// Proxyman, mitmproxy and browsers' developer tools import, and `HARReader` reads back: every
/// required field is present; a body that is not UTF-8 is written in base64
/// (`content.encoding`, and the same on `postData`, which `HARReader` also understands).
public struct HARWriter: Sendable {
    /// `log.creator.name` and `.version`.
    public let creatorName: String
    public let creatorVersion: String

    public init(creatorName: String = "MockServer", creatorVersion: String) {
        self.creatorName = creatorName
        self.creatorVersion = creatorVersion
    }

    /// The whole document, UTF-8.
    public func document(_ entries: [HAREntry]) -> [UInt8] {
        JSON.object([("log", .object([
            ("version", "1.2"),
            ("creator", .object([("name", .string(creatorName)), ("version", .string(creatorVersion))])),
            ("pages", .array([])),
            ("entries", .array(entries.map(Self.entry))),
        ]))]).encoded()
    }

    private static func entry(_ entry: HAREntry) -> JSON {
        let wait = entry.record.waitMilliseconds ?? -1
        return .object([
            ("startedDateTime", .string(entry.startedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))),
            ("time", .number(max(wait, 0))),
            ("request", request(entry.record)),
            ("response", response(entry.record)),
            ("cache", .object([])),
            ("timings", .object([("send", 0), ("wait", .number(wait)), ("receive", 0)])),
        ])
    }

    private static func request(_ record: CaptureRecord) -> JSON {
        var members: [(key: String, value: JSON)] = [
            ("method", .string(record.method)),
            ("url", .string(record.url)),
            ("httpVersion", "HTTP/1.1"),
            ("cookies", .array([])),
            ("headers", headers(record.requestHeaders)),
            ("queryString", queryString(record.url)),
        ]
        if !record.requestBody.isEmpty {
            var post: [(key: String, value: JSON)] = [("mimeType", .string(record.requestContentType ?? ""))]
            post += text(record.requestBody)
            members.append(("postData", .object(post)))
        }
        members += [("headersSize", -1), ("bodySize", .int(record.requestBody.count))]
        return .object(members)
    }

    private static func response(_ record: CaptureRecord) -> JSON {
        var content: [(key: String, value: JSON)] = [
            ("size", .int(record.responseBody.count)),
            ("mimeType", .string(record.responseContentType ?? "")),
        ]
        if !record.responseBody.isEmpty { content += text(record.responseBody) }
        return .object([
            ("status", .int(record.status)),
            ("statusText", ""),
            ("httpVersion", "HTTP/1.1"),
            ("cookies", .array([])),
            ("headers", headers(record.responseHeaders)),
            ("content", .object(content)),
            ("redirectURL", .string(record.responseHeaders["Location"] ?? "")),
            ("headersSize", -1),
            ("bodySize", .int(record.responseBody.count)),
        ])
    }

    private static func headers(_ headers: HTTPHeaders) -> JSON {
        .array(headers.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
    }

    /// HAR's `queryString`: the URL's query pairs, decoded; a pair that does not decode is kept as written.
    private static func queryString(_ url: String) -> JSON {
        guard let question = url.firstIndex(of: "?") else { return .array([]) }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        return .array(query.split(separator: "&").map { pair in
            let equals = pair.firstIndex(of: "=")
            let name = pair[..<(equals ?? pair.endIndex)]
            let value = equals.map { pair[pair.index(after: $0)...] } ?? ""
            return .object([("name", .string(PercentDecoding.decode(name, plusAsSpace: true) ?? String(name))),
                            ("value", .string(PercentDecoding.decode(value, plusAsSpace: true) ?? String(value)))])
        })
    }

    /// `text` for a UTF-8 body, else `text` in base64 with `encoding`.
    private static func text(_ body: [UInt8]) -> [(key: String, value: JSON)] {
        if let text = String(validating: body, as: UTF8.self) { return [("text", .string(text))] }
        return [("text", .string(Data(body).base64EncodedString())), ("encoding", "base64")]
    }
}
