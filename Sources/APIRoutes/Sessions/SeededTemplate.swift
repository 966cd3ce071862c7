import Foundation
import Store
import Synchronization
import Wire

/// The seeded state every session starts from and every reset returns to, as one SQLite file
/// (`seeded.sqlite` in the sessions directory).
///
/// It is built once per run, when first needed (or ahead of time with `prepare`): a copy of the
/// server's database (`VACUUM INTO`) rebuilt by the `CaptureReseeder` exactly as a reset used to
/// rebuild the live database — captures added since the start removed, the module tables
/// replayed from the remaining captures, the seeds imported again, the journal emptied. After
/// that, a new session is a file copy (`SessionFactory`) and a reset copies back only the tables changed since
/// (`Database.restoreChangedTables`).
public final class SeededTemplate: Sendable {
    /// The template file.
    public let path: String
    private let directory: SessionDirectory
    private let source: Database
    private let startCaptureID: Int64
    private let seedsDirectory: String?
    private let storeFactory: @Sendable (String) throws -> StoreBootstrap
    private let log: @Sendable (String) -> Void
    /// Whether the template file is written (held during the build: callers wait for it).
    private let built = Mutex(false)
    /// The same, readable without waiting for a build in progress.
    private let ready = Atomic(false)

    /// - Parameters:
    ///   - directory: the sessions directory, where the template file is written.
    ///   - source: the server's database, copied when the template is built.
    ///   - startCaptureID: the last capture id stored when the server started.
    ///   - openStore: opens a store on a file as the server opens its own (same hasher, same
    ///     ignored parameters).
    init(directory: SessionDirectory, source: Database, startCaptureID: Int64, seedsDirectory: String?,
         openStore: @escaping @Sendable (String) throws -> StoreBootstrap, log: @escaping @Sendable (String) -> Void) {
        self.path = directory.templatePath
        self.directory = directory
        self.source = source
        self.startCaptureID = startCaptureID
        self.seedsDirectory = seedsDirectory
        self.storeFactory = openStore
        self.log = log
    }

    /// The last user of a temporary sessions directory (`:memory:`) is the template: every
    /// session's reset refers to it. Nothing can need the directory after it is gone.
    deinit {
        if directory.isTemporary { try? FileManager.default.removeItem(atPath: directory.path) }
    }

    /// Builds the template unless it is built. Concurrent callers wait for the one build.
    func prepare() throws {
        try built.withLock { built in
            guard !built else { return }
            try build()
            built = true
            ready.store(true, ordering: .releasing)
        }
    }

    /// Whether the template is built: a session or a reset needs no build first.
    var isBuilt: Bool { ready.load(ordering: .acquiring) }

    /// Makes the template now from `source` as it is, when that is the seeded state exactly (the
    /// seeds were imported at this start): a plain copy with an empty journal, no rebuild.
    func copySeededSource() throws {
        try built.withLock { built in
            try directory.create()
            try source.copy(to: path)
            try Self.startAfresh(storeFactory(path).database)
            built = true
            ready.store(true, ordering: .releasing)
        }
    }

    /// Returns `database` (tracking its changed tables) to the template's state; says how many
    /// tables that copied back and how many captures it removed (added since the start) and
    /// brought back (deleted seeds):
    /// `{"tablesRestored":…,"capturesRemoved":…,"capturesRestored":…,"milliseconds":…}`.
    func restore(_ database: Database) throws -> JSON {
        let started = ContinuousClock.now
        try prepare()
        let restored = try database.restoreChangedTables(from: path, keyedBy: ["captures": "content_hash"],
                                                            keeping: [StubRepository.table])
        let captures = restored.keyedRows["captures"] ?? (removed: 0, restored: 0)
        return .object([
            ("tablesRestored", .int(restored.tables.count)),
            ("capturesRemoved", .int(captures.removed)),
            ("capturesRestored", .int(captures.restored)),
            ("milliseconds", .number(started.duration(to: .now).inMilliseconds)),
        ])
    }

    /// What no session starts with: journal entries, answers used by persistent stubs, scenarios
    /// moved (their definitions stay: persistent stubs are in every session).
    private static func startAfresh(_ database: Database) throws {
        try Journal(database: database).clear()
        try database.write { try StubRepository.forgetProgress(in: $0) }
    }

    private func build() throws {
        let started = ContinuousClock.now
        let workPath = path + ".building"
        try StoreBootstrap.deleteDatabaseFiles(at: workPath)
        try StoreBootstrap.deleteDatabaseFiles(at: path)
        try directory.create()
        try source.copy(to: workPath)
        defer { try? StoreBootstrap.deleteDatabaseFiles(at: workPath) }
        try {
            let work = try storeFactory(workPath)
            let reseeder = CaptureReseeder(importer: work.importer, seedsDirectory: seedsDirectory)
            try reseeder.reseed(removingCapturesAfter: startCaptureID)
            try Self.startAfresh(work.database)
            try work.database.copy(to: path)
        }()
        // A database seeded by an earlier build has no hashes of its seeded passwords remembered.
        try source.insertMissingRows(of: CaptureReseeder.capturedWork, from: path)
        log("sessions: seeded template built in \(Int(started.duration(to: .now).inMilliseconds)) ms (\(path))")
    }
}
