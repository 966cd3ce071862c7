import HTTPServer
import Store
import Wire

/// The filter values the journal and the capture routes share, each checked the same way.
extension ControlsAdminRoutes {
    /// An HTTP method name, uppercased.
    static func methodFilter(_ text: String) throws -> String {
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter }) else {
            throw AdminInputError("method \"\(text)\" is not an HTTP method")
        }
        return text.uppercased()
    }

    /// A decoded path prefix, which must start with `/`.
    static func pathPrefixFilter(_ text: String) throws -> String {
        guard text.hasPrefix("/") else { throw AdminInputError("pathPrefix \"\(text)\" must start with /") }
        return text
    }

    /// An HTTP status code, 100–599.
    static func statusFilter(_ text: String) throws -> Int {
        guard let code = Int(text), (100...599).contains(code) else {
            throw AdminInputError("status \"\(text)\" must be a number from 100 to 599")
        }
        return code
    }

    /// The capture filter in a query string (`method`, `pathPrefix`, `status`, `source`), taking
    /// also the `extra` names the route itself reads.
    static func captureFilter(from request: HTTPRequest, extra: [String] = []) throws -> (CaptureFilter, Parameters) {
        let parameters = try queryParameters(of: request, known: ["method", "pathPrefix", "status", "source"] + extra)
        var filter = CaptureFilter()
        filter.method = try parameters["method"].map(methodFilter)
        filter.pathPrefix = try parameters["pathPrefix"].map(pathPrefixFilter)
        filter.status = try parameters["status"].map(statusFilter)
        if let source = parameters["source"] {
            guard !source.isEmpty else { throw AdminInputError("source must not be empty") }
            filter.source = source
        }
        return (filter, parameters)
    }
}
