import CaptureFormats
import HTTPServer
import Store
import Wire

/// What the mock controls need from the capture store: the recorded wait for `--latency
/// captured`, listing, showing and deleting captures under `/__admin/captures`, the ignored
/// parameters of `/__admin/ignored-parameters`, and re-seeding for `POST /__admin/reset`.
public protocol CaptureAdministration: Sendable {
    /// HAR `timings.wait` in milliseconds of the capture that matches `request`, if any.
    func recordedWait(for request: HTTPRequest) -> Int?

    /// HAR `timings.wait` in milliseconds of the capture stored under `captureID`, if it has one.
    func recordedWait(captureID: Int64) -> Int?

    /// Captures matching `filter`, newest first, `limit` from `offset`, and how many match in all.
    func listCaptures(matching filter: CaptureFilter, limit: Int, offset: Int) throws -> (total: Int, captures: [JSON])

    /// One capture in full (request, response, headers, timing, source), nil when there is none.
    func capture(id: Int64) throws -> JSON?

    /// Deletes one capture; false when there was none.
    func deleteCapture(id: Int64) throws -> Bool

    /// Deletes the captures matching `filter`; returns how many.
    func deleteCaptures(matching filter: CaptureFilter) throws -> Int

    /// The captures matching `filter` as a HAR 1.2 document, secrets masked; origin-form URLs
    /// are made absolute with `origin`.
    func exportHAR(matching filter: CaptureFilter, origin: String) throws -> [UInt8]

    /// Returns the server to its start state (the runtime ignored parameters dropped); returns a summary.
    func reseed() throws -> JSON

    /// The request parameters that never count when matching captures, per path prefix: those
    /// in force at start (the APIs' own and `--ignore-param`) and those set at runtime.
    func ignoredParameters() -> (startup: [VolatileParameters.Rule], runtime: [VolatileParameters.Rule])

    /// Replaces the runtime ignored parameters (until the next reset) and recomputes the stored
    /// captures' match keys with them.
    func setRuntimeIgnoredParameters(_ rules: [VolatileParameters.Rule]) throws
}
