import HTTPServer
import Wire

/// The version `serve` reports on `/__admin/health` and `--version`.
public enum MockServerVersion {
    public static let current = "0.1.0"
}

extension Envelope {
    /// `GET /__admin/health`: `{"status":"ok","version":…,"uptimeSeconds":…}`.
    static func health(uptime: Duration) -> HTTPResponse {
        .json(JSON.object([
            ("status", "ok"),
            ("version", .string(MockServerVersion.current)),
            ("uptimeSeconds", .int(uptime.components.seconds)),
        ]).encoded())
    }
}
