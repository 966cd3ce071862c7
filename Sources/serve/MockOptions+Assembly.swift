import APIRoutes
import Foundation
import HTTPServer
import Store

extension MockOptions {
    /// Record mode's fallback (after capture replay), or nil without `--upstream`.
    func upstreamForwarder(captures: CaptureRepository) throws -> UpstreamForwarder? {
        let upstreams = try upstreams()
        guard !upstreams.isEmpty else { return nil }
        let recorder = record
            ? CaptureRecorder(repository: captures, directory: recordDir.map { URL(fileURLWithPath: $0, isDirectory: true) })
            : nil
        return UpstreamForwarder(upstreams: upstreams, recorder: recorder, timeout: upstreamTimeout)
    }

    /// The controls around `application`: policy from the flags, the journal in the store's
    /// database, CORS unless `--no-cors`, captures and reset through the store. Logs the seed.
    func controls(wrapping application: MockApplication, store: StoreBootstrap, seedsDirectory: String?,
                  log: @escaping @Sendable (String) -> Void) throws -> MockControls {
        let seed = effectiveSeed
        log("mock controls: seed \(seed) (repeat this run with --seed \(seed))")
        let reseeder = CaptureReseeder(importer: store.importer, seedsDirectory: seedsDirectory)
        return MockControls(
            application: application,
            policy: ControlPolicy(global: try globalControls(), seed: seed),
            journal: Journal(database: store.database, capacity: journalSize, bodyCap: journalBodyBytes),
            cors: cors ? CORSPolicy() : nil,
            captures: CaptureStoreAdministration(repository: store.captures) { try reseeder.reseed() },
            log: log)
    }
}
