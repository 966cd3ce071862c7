import HTTPServer

/// The version `serve` reports on `/__admin/health` and `--version`.
public enum MockServerVersion {
    public static let current = "0.1.0"
}

extension Envelope {
    /// `GET /__admin/health`: `{"status":"ok","version":…,"uptimeSeconds":…}`.
    static func health(uptime: Duration) -> HTTPResponse {
        let seconds = Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18
        return .json(JSON.object([
            ("status", "ok"),
            ("version", .string(MockServerVersion.current)),
            ("uptimeSeconds", .number((seconds * 1000).rounded() / 1000)),
        ]).encoded())
    }
}
