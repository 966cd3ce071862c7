import APIRoutes
import ArgumentParser
import Store

/// The capture filters of `serve export` and `serve captures`, the same as the query parameters
/// of `GET /__admin/captures`: every one given must hold.
struct CaptureFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only captures of this request method.", valueName: "method"))
    var method: String?

    @Option(help: ArgumentHelp("Only captures whose decoded path starts with this.", valueName: "prefix"))
    var pathPrefix: String?

    @Option(help: ArgumentHelp("Only captures with this status.", valueName: "code"))
    var status: Int?

    @Option(help: ArgumentHelp("Only captures whose source contains this text (a file name, 'recorded from').",
                               valueName: "text"))
    var source: String?

    func validate() throws {
        if let method, method.isEmpty || !method.allSatisfy(\.isLetter) {
            throw ValidationError("--method \"\(method)\" is not an HTTP method")
        }
        if let pathPrefix, !pathPrefix.hasPrefix("/") { throw ValidationError("--path-prefix must start with /") }
        if let status, !(100...599).contains(status) { throw ValidationError("--status must be from 100 to 599") }
    }

    var isEmpty: Bool { method == nil && pathPrefix == nil && status == nil && source == nil }

    var filter: CaptureFilter {
        CaptureFilter(method: method?.uppercased(), pathPrefix: pathPrefix, status: status, source: source)
    }
}
