import Foundation
import Wire

/// Reads HAR 1.2 entries: `log.entries[].request{method,url,headers,postData}`,
/// `response{status,headers,content{mimeType,text,encoding}}`, `timings.wait`. Any host.
struct HARReader {
    let file: String

    func records(log: JSON) throws(CaptureFormatError) -> [CaptureRecord] {
        guard log.isObject else { throw CaptureFormatError(file: file, entry: nil, problem: "log must be an object") }
        guard let entriesNode = log["entries"] else {
            throw CaptureFormatError(file: file, entry: nil, problem: "log.entries is missing")
        }
        guard case let .array(entries) = entriesNode else {
            throw CaptureFormatError(file: file, entry: nil, problem: "log.entries must be an array, not \(entriesNode.kindName)")
        }
        var records: [CaptureRecord] = []
        records.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            do {
                records.append(try record(entry, index: index))
            } catch {
                throw CaptureFormatError(file: file, entry: index, problem: error.message)
            }
        }
        return records
    }

    private func record(_ entry: JSON, index: Int) throws(EntryProblem) -> CaptureRecord {
        guard entry.isObject else { throw EntryProblem("must be an object, not \(entry.kindName)") }
        let request = try entry.requiredObject("request", in: "")
        let response = try entry.requiredObject("response", in: "")
        let requestHeaders = try request.headers("headers", in: "request.", allowObject: false)
        let (requestBody, postType) = try postData(request)
        let responseHeaders = try response.headers("headers", in: "response.", allowObject: false)
        let content = response["content"]
        if let content, !content.isObject, !content.isNull {
            throw EntryProblem("response.content must be an object, not \(content.kindName)")
        }
        let mimeType = try content?.optionalString("mimeType", in: "response.content.")
        let body = try content.map { (node) throws(EntryProblem) in try responseBody(node) } ?? []
        let wait = entry["timings"]?["wait"]?.doubleValue.flatMap { $0 >= 0 ? $0 : nil }
        return CaptureRecord(
            method: try request.requiredString("method", in: "request."),
            url: try request.requiredString("url", in: "request."),
            requestHeaders: requestHeaders,
            requestBody: requestBody,
            requestContentType: requestHeaders["Content-Type"] ?? postType,
            status: try response.status(in: "response."),
            responseHeaders: responseHeaders,
            responseContentType: responseHeaders["Content-Type"] ?? mimeType.flatMap { $0.isEmpty ? nil : $0 },
            responseBody: body,
            waitMilliseconds: wait,
            source: "\(file) entry \(index)"
        )
    }

    /// `postData.text` (base64 with `encoding: "base64"`, as `HARWriter` writes a binary body), or
    /// `postData.params` form-encoded when there is no text.
    private func postData(_ request: JSON) throws(EntryProblem) -> ([UInt8], String?) {
        guard let post = request["postData"], !post.isNull else { return ([], nil) }
        guard post.isObject else { throw EntryProblem("request.postData must be an object, not \(post.kindName)") }
        let mimeType = try post.optionalString("mimeType", in: "request.postData.")
        if try post.optionalString("text", in: "request.postData.") != nil {
            return (try decodedText(post, in: "request.postData."), mimeType)
        }
        guard let params = post["params"]?.arrayValue else { return ([], mimeType) }
        var pairs: [String] = []
        for (index, param) in params.enumerated() {
            let path = "request.postData.params[\(index)]."
            let name = try param.requiredString("name", in: path)
            let value = try param.optionalString("value", in: path) ?? ""
            pairs.append(FormURLEncoded.encode(name) + "=" + FormURLEncoded.encode(value))
        }
        return (Array(pairs.joined(separator: "&").utf8), mimeType ?? "application/x-www-form-urlencoded")
    }

    /// `content.text`, decoded from base64 when `content.encoding` says so.
    private func responseBody(_ content: JSON) throws(EntryProblem) -> [UInt8] {
        try decodedText(content, in: "response.content.")
    }

    /// The `text` member of `node` (at `path`), decoded from base64 when `encoding` says so.
    private func decodedText(_ node: JSON, in path: String) throws(EntryProblem) -> [UInt8] {
        guard let text = try node.optionalString("text", in: path) else { return [] }
        switch try node.optionalString("encoding", in: path) {
        case nil, "":
            return Array(text.utf8)
        case "base64":
            let compact = text.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else {
                throw EntryProblem("\(path)text is not valid base64 (encoding is \"base64\")")
            }
            return Array(data)
        case let other?:
            throw EntryProblem("\(path)encoding \"\(other)\" is not supported (only base64)")
        }
    }
}
