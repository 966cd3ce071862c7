import Dispatch
import Store
import Synchronization

/// Makes the named sessions' stacks: a copy of the `SeededTemplate` (`DatabaseFileCopy`) and the
/// session built over it. It keeps up to `spares` sessions made ahead of need, one at a time on a
/// background queue, so that a new session is taken ready-made (no copy, no build on the request's
/// path) and the pool refills behind it — the warm-spare pattern of connection and VM pools.
///
/// Spares are made only once sessions are asked for (`prepare`, which `serve` calls after it
/// starts listening, or a first session), so a server nobody opens a session on copies nothing.
/// A spare's file is an ordinary session file (`<generation>.sqlite`); the spares left when the
/// factory goes are deleted with it.
final class SessionFactory: Sendable {
    /// A session made by the factory.
    struct Made: Sendable {
        let session: MockSession
        /// Unique in the run: tells a session from a later one of the same name.
        let generation: Int
    }

    private struct State {
        var spares: [Made] = []
        var filling = false
        var lastGeneration = 0
    }

    let template: SeededTemplate
    /// How many sessions are kept ready.
    let spares: Int
    private let directory: SessionDirectory
    private let build: @Sendable (_ databasePath: String) throws -> MockSession
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    init(directory: SessionDirectory, template: SeededTemplate, spares: Int,
         build: @escaping @Sendable (_ databasePath: String) throws -> MockSession,
         log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.template = template
        self.spares = spares
        self.build = build
        self.log = log
    }

    deinit {
        for spare in state.withLock({ $0.spares }) {
            try? StoreBootstrap.deleteDatabaseFiles(at: spare.session.store.database.path)
        }
    }

    /// How many spares are ready now.
    var readySpares: Int { state.withLock { $0.spares.count } }

    /// Builds the template (unless built) and starts making the spares.
    func prepare() throws {
        try template.prepare()
        refill()
    }

    /// A new session: a ready spare, else one made now (waiting for the template's build the first
    /// time in a run, which is logged). Starts a refill either way.
    func make() throws -> Made {
        defer { refill() }
        if let spare = state.withLock({ $0.spares.isEmpty ? nil : $0.spares.removeFirst() }) { return spare }
        if !template.isBuilt {
            log("sessions: a new session waits for the seeded template's build")
        }
        return try makeNow()
    }

    /// Discards a session the factory made: deletes its files. Its connections close when the last
    /// reference goes; file names are never reused in the run, so nothing opens them again.
    func discard(_ session: MockSession) {
        try? StoreBootstrap.deleteDatabaseFiles(at: session.store.database.path)
    }

    private func makeNow() throws -> Made {
        try template.prepare()
        let generation = state.withLock { state in
            state.lastGeneration += 1
            return state.lastGeneration
        }
        let path = directory.databasePath(generation: generation)
        do {
            try DatabaseFileCopy.copy(from: template.path, to: path)
            return Made(session: try build(path), generation: generation)
        } catch {
            try? StoreBootstrap.deleteDatabaseFiles(at: path)
            throw error
        }
    }

    /// Starts making spares in the background until `spares` are ready, unless that runs already.
    private func refill() {
        let start = state.withLock { state in
            guard !state.filling, state.spares.count < spares else { return false }
            state.filling = true
            return true
        }
        guard start else { return }
        // Its own queue: copying and building spares takes long and must not hold a thread of the
        // global queues, which `.blocking` handlers share.
        DispatchQueue(label: "sessions.spares", qos: .utility).async { [weak self] in self?.fill() }
    }

    private func fill() {
        while true {
            let made: Made
            do {
                made = try makeNow()
            } catch {
                log("sessions: cannot make a spare session: \(error)")
                state.withLock { $0.filling = false }
                return
            }
            let full = state.withLock { state in
                state.spares.append(made)
                state.filling = state.spares.count < spares
                return !state.filling
            }
            if full { return }
        }
    }
}
