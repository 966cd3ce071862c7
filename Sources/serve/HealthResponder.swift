import Foundation
import HTTPServer

/// The version `serve` reports in `--version` and in the health route.
enum ServeVersion {
    static let current = "0.1.0"
}

/// Answers `GET /__admin/health` with `{"status":"ok","version":…,"uptimeSeconds":…}` and
/// everything else with a JSON 404.
struct HealthResponder: HTTPResponder {
    let startedAt: Date

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        guard request.path == "/__admin/health" else {
            reply(ErrorResponder.plainJSON.response(status: .notFound, message: "no route for \(request.path)",
                                                    path: request.path))
            return
        }
        guard request.method == .GET || request.method == .HEAD else {
            var response = ErrorResponder.plainJSON.response(status: .methodNotAllowed, message: "use GET",
                                                             path: request.path)
            response.headers.add(name: "Allow", value: "GET, HEAD")
            reply(response)
            return
        }
        let uptime = Int(Date().timeIntervalSince(startedAt))
        let body = #"{"status":"ok","version":"\#(ServeVersion.current)","uptimeSeconds":\#(uptime)}"#
        reply(.json(Array(body.utf8)))
    }
}
