import HTTPServer
import Wire

/// The version `serve` reports on `/__admin/health` and `--version`.
public enum MockServerVersion {
    public static let current = "0.1.0"
}

extension Envelope {
    /// `GET /__admin/health`: `{"status":"ok","version":…,"uptimeSeconds":…}`, the fixed part
    /// made once and the seconds appended: a `JSON` tree built and encoded for every probe cost
    /// ~4.8k instructions for these few bytes.
    static func health(uptime: Duration) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(healthOpening.count + 21)
        body.append(contentsOf: healthOpening)
        body.appendDecimal(Int(uptime.components.seconds))
        body.append(UInt8(ascii: "}"))
        return .json(body)
    }

    /// The health answer up to its uptime's digits, the version as a JSON string.
    private static let healthOpening: [UInt8] = {
        var bytes = Array(#"{"status":"ok","version":"#.utf8)
        bytes.appendJSONString(MockServerVersion.current)
        bytes.append(contentsOf: #","uptimeSeconds":"#.utf8)
        return bytes
    }()
}
