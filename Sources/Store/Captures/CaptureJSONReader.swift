/// Reads capture JSON records: `{"request":{"method","url","headers"?,"body"?},
/// "response":{"status","headers"?,"body"}}`. A body is a string (its UTF-8 bytes) or any JSON
/// value (kept as its compact JSON text, strings and escapes exactly as written).
struct CaptureJSONReader {
    let bytes: [UInt8]
    let file: String

    func record(_ node: JSONTree, entry: Int, path: String) throws(CaptureFormatError) -> CaptureRecord {
        do {
            return try read(node, entry: entry)
        } catch {
            throw CaptureFormatError(file: file, entry: entry, problem: error.message)
        }
    }

    private func read(_ node: JSONTree, entry: Int) throws(EntryProblem) -> CaptureRecord {
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
            requestContentType: requestHeaders.first(named: "Content-Type") ?? requestBody.impliedType,
            status: try response.status(in: "response."),
            responseHeaders: responseHeaders,
            responseContentType: responseHeaders.first(named: "Content-Type") ?? responseBody.impliedType,
            responseBody: responseBody.bytes,
            source: "\(file) entry \(entry)"
        )
    }

    /// A body's bytes and the media type its form implies (JSON for a JSON value, text for a string).
    private func body(_ node: JSONTree?) -> (bytes: [UInt8], impliedType: String?) {
        guard let node, !node.isNull else { return ([], nil) }
        if let text = node.string {
            return (Array(text.utf8), text.isEmpty ? nil : "text/plain; charset=utf-8")
        }
        return (JSONCompaction.compact(bytes[node.range]), "application/json; charset=utf-8")
    }
}
