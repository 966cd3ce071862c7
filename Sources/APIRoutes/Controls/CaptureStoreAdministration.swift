import CaptureFormats
import HTTPServer
import Store
import Wire

/// The capture store as the mock controls see it: recorded waits, the capture list, one
/// capture, deletion from the `CaptureRepository`, and re-seeding through the closure the
/// assembly wires to the `SeededTemplate`.
///
/// The last capture id stored when the server started is remembered, so a reset can tell the
/// captures the server started with (seeds, `serve import`, earlier runs' recordings), which
/// it keeps — or brings back when they were deleted — from those added while it ran, which it
/// removes.
public struct CaptureStoreAdministration: CaptureAdministration {
    public let repository: CaptureRepository
    /// The last capture id stored at start; captures with a higher id were added since.
    public let startCaptureID: Int64
    /// Applied to every capture shown.
    public let masking: SecretMasking
    /// The parameters ignored when matching at start; those set at runtime come after them.
    private let startVolatileParameters: VolatileParameters
    private let reseedAction: @Sendable () throws -> JSON
    private let settleStartState: @Sendable () throws -> Void

    /// - Parameters:
    ///   - settleStartState: fixes the state a reset returns to (builds the seeded template from
    ///     the database as it started, when that is not done yet); runs before every deletion, so
    ///     a capture the server started with comes back at a reset however early it was deleted.
    ///   - reseed: returns the store to its seeded start state (the captures stored after
    ///     `startCaptureID` removed, those deleted since the start back) and returns a summary
    ///     for `POST /__admin/reset`.
    public init(repository: CaptureRepository, masking: SecretMasking = .standard,
                settleStartState: @escaping @Sendable () throws -> Void = {},
                reseed: @escaping @Sendable () throws -> JSON) throws {
        self.repository = repository
        self.masking = masking
        self.startCaptureID = try repository.lastID()
        self.startVolatileParameters = repository.volatileParameters
        self.settleStartState = settleStartState
        self.reseedAction = reseed
    }

    public func recordedWait(for request: HTTPRequest) -> Int? {
        let captureRequest = CaptureRequest(
            method: request.method == .HEAD ? "GET" : request.method.rawValue, path: request.path,
            query: request.query, body: request.body, contentType: request.headers["Content-Type"])
        return Self.delay((try? repository.match(captureRequest))?.waitMilliseconds)
    }

    public func recordedWait(captureID: Int64) -> Int? {
        Self.delay(try? repository.wait(id: captureID))
    }

    /// A recorded wait as whole milliseconds of delay, at most the longest delay accepted.
    private static func delay(_ wait: Double?) -> Int? {
        guard let wait, wait.isFinite, wait >= 0 else { return nil }
        return Int(min(wait, Double(LatencySpec.maximumMilliseconds)).rounded())
    }

    public func listCaptures(matching filter: CaptureFilter, limit: Int, offset: Int) throws -> (total: Int, captures: [JSON]) {
        let page = try repository.page(matching: filter, limit: limit, offset: offset)
        return (page.total, page.captures.map {
            $0.summaryJSON(addedSinceStart: $0.id > startCaptureID, masking: masking)
        })
    }

    public func capture(id: Int64) throws -> JSON? {
        try repository.record(id: id).map {
            $0.detailJSON(addedSinceStart: $0.id > startCaptureID, masking: masking)
        }
    }

    public func deleteCapture(id: Int64) throws -> Bool {
        try settleStartState()
        return try repository.delete(id: id)
    }

    public func deleteCaptures(matching filter: CaptureFilter) throws -> Int {
        try settleStartState()
        return try repository.delete(matching: filter)
    }

    public func exportHAR(matching filter: CaptureFilter, origin: String) throws -> [UInt8] {
        try CaptureExport(repository: repository, masking: masking).har(matching: filter, origin: origin)
    }

    public func reseed() throws -> JSON {
        repository.resetSequences()
        // First: the restore puts back captures by their content and leaves the match keys of
        // the others as they are, so they must be the start's before it.
        try repository.changeVolatileParameters(to: startVolatileParameters)
        return try reseedAction()
    }

    public func ignoredParameters() -> (startup: [VolatileParameters.Rule], runtime: [VolatileParameters.Rule]) {
        let startup = startVolatileParameters.rules
        return (startup, Array(repository.volatileParameters.rules.dropFirst(startup.count)))
    }

    public func setRuntimeIgnoredParameters(_ rules: [VolatileParameters.Rule]) throws {
        try repository.changeVolatileParameters(to: VolatileParameters(startVolatileParameters.rules + rules))
    }
}
