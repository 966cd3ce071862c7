import Foundation
import HTTPServer

/// The version `serve` reports in `--version` and in the health route.
enum ServeVersion {
    static let current = "0.1.0"
}

extension Router {
    /// Adds `GET /__admin/health` → `{"status":"ok","version":…,"uptimeSeconds":…}`.
    mutating func addHealthRoute(startedAt: Date) {
        add(.GET, "/__admin/health") { _ in
            let uptime = Int(Date().timeIntervalSince(startedAt))
            let body = #"{"status":"ok","version":"\#(ServeVersion.current)","uptimeSeconds":\#(uptime)}"#
            return .json(Array(body.utf8))
        }
    }
}
