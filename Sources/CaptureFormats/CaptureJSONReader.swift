import Wire

/// Reads capture JSON records: `{"request":{"method","url","headers"?,"body"?},
/// "response":{"status","headers"?,"body"}}`. A body is a string (its UTF-8 bytes) or any JSON
/// value (kept as its compact JSON text, strings, escapes and numbers exactly as written).
struct CaptureJSONReader {
    /// The members whose value the file's parse must keep as source text (see `body`).
    static let bodyMembers: Set<String> = ["body"]

    let file: String

    func record(_ node: JSON, entry: Int, path: String) throws(CaptureFormatError) -> CaptureRecord {
        do {
            return try read(node, entry: entry)
        } catch {
            throw CaptureFormatError(file: file, entry: entry, problem: error.message)
        }
    }

    private func read(_ node: JSON, entry: Int) throws(EntryProblem) -> CaptureRecord {
        guard node.isObject else { throw EntryProblem("must be an object {request, response}, not \(node.kindName)") }
        let request = try node.requiredObject("request", in: "")
        let response = try node.requiredObject("response", in: "")
        let requestHeaders = try request.headers("headers", in: "request.", allowObject: true)
        let requestBody = body(request["body"])
        let responseHeaders = try response.headers("headers", in: "response.", allowObject: true)
        guard let responseNode = response["body"] else { throw EntryProblem("response.body is missing") }
        let responseBody = body(responseNode)
        return CaptureRecord(
            method: try request.requiredString("method", in: "request."),
            url: try request.requiredString("url", in: "request."),
            requestHeaders: requestHeaders,
            requestBody: requestBody.bytes,
            requestContentType: requestHeaders["Content-Type"] ?? requestBody.impliedType,
            status: try response.status(in: "response."),
            responseHeaders: responseHeaders,
            responseContentType: responseHeaders["Content-Type"] ?? responseBody.impliedType,
            responseBody: responseBody.bytes,
            source: "\(file) entry \(entry)"
        )
    }

    /// A body's bytes and the media type its form implies (JSON for a JSON value, text for a string).
    /// An object or array body arrives as `.raw` source text, because the file was parsed keeping
    /// `bodyMembers`; a number keeps its text.
    private func body(_ node: JSON?) -> (bytes: [UInt8], impliedType: String?) {
        guard let node, !node.isNull else { return ([], nil) }
        if case let .string(text) = node {
            return (Array(text.utf8), text.isEmpty ? nil : "text/plain; charset=utf-8")
        }
        return (node.encoded(), "application/json; charset=utf-8")
    }
}
