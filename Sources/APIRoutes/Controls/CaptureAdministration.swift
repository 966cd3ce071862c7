import HTTPServer
import Wire

/// What the mock controls need from the capture store: the recorded wait for `--latency
/// captured`, the list behind `GET /__admin/captures`, and re-seeding for `POST /__admin/reset`.
public protocol CaptureAdministration: Sendable {
    /// HAR `timings.wait` in milliseconds of the capture that matches `request`, if any.
    func recordedWait(for request: HTTPRequest) -> Int?

    /// Captured requests, `limit` from `offset`, and how many there are in all.
    func listCaptures(limit: Int, offset: Int) throws -> (total: Int, captures: [JSON])

    /// Rebuilds the stateful data from the bundled and imported captures; returns a summary.
    func reseed() throws -> JSON
}
