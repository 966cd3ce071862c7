import Foundation
import HTTPServer
import Store
import Synchronization
import Wire

/// The named sessions of one run: created on first use (by the `SessionFactory`), looked
/// up by name, mapped from client addresses, dropped on request, and bounded in number
/// (`maxSessions`: the least recently used session with no request in flight makes room) and in
/// age (a session unused for `idleTimeout` is discarded, and its next request starts afresh).
///
/// Thread-safe: the table lives in a `Mutex`; making a session and deleting files happen
/// outside it, so the event loops' look-ups never wait for a file copy.
public final class SessionRegistry: Sendable {
    /// A session in the table.
    struct Entry {
        let session: MockSession
        /// Unique in the run: tells a session from a later one of the same name.
        let generation: Int
        let createdAt: Date
        var lastUsedAt: Date
        var inFlight: Int
    }

    private struct State {
        var sessions: [String: Entry] = [:]
        /// Client address → session name (`PUT /__admin/sessions/NAME`).
        var addresses: [String: String] = [:]
    }

    public let directory: SessionDirectory
    public let settings: SessionSettings
    let factory: SessionFactory
    var template: SeededTemplate { factory.template }
    private let state = Mutex(State())

    /// - Parameter build: a session's whole stack over the database file at the given path.
    init(directory: SessionDirectory, template: SeededTemplate, settings: SessionSettings,
         log: @escaping @Sendable (String) -> Void,
         build: @escaping @Sendable (_ databasePath: String) throws -> MockSession) {
        self.directory = directory
        self.settings = settings
        self.factory = SessionFactory(directory: directory, template: template, spares: settings.spareSessions,
                                      build: build, log: log)
    }

    /// Builds the seeded template now (unless built) and starts making the spare sessions, so
    /// that neither the first session nor the first reset waits; `serve` calls it in the
    /// background after it starts listening.
    public func prepareTemplate() throws {
        try factory.prepare()
    }

    /// A session checked out for one request (give it back with `checkIn`).
    struct Lease: Sendable {
        let name: String
        let session: MockSession
        let generation: Int
    }

    /// The live session named `name`, checked out, or nil when it must be created (or its idle
    /// time ran out: then it is discarded here).
    func checkOutExisting(_ name: String, now: Date = Date()) -> Lease? {
        var expired: Entry?
        let lease: Lease? = state.withLock { state in
            guard var entry = state.sessions[name] else { return nil }
            if isExpired(entry, now: now) {
                expired = state.sessions.removeValue(forKey: name)
                return nil
            }
            entry.inFlight += 1
            entry.lastUsedAt = now
            state.sessions[name] = entry
            return Lease(name: name, session: entry.session, generation: entry.generation)
        }
        if let expired { discard(expired.session) }
        return lease
    }

    /// The session named `name`, checked out; a new one is a spare of the `SessionFactory` or,
    /// when none is ready, a copy of the template made now (the first time in a run, after the
    /// template's build).
    /// - Throws: `SessionLimitError` when the table is full of sessions with requests in flight.
    func checkOut(_ name: String) throws -> Lease {
        if let lease = checkOutExisting(name) { return lease }
        let made = try factory.make()
        let session = made.session
        let generation = made.generation
        let now = Date()
        var discarded: [MockSession] = []
        defer { discarded.forEach(discard) }
        return try state.withLock { state throws(SessionLimitError) -> Lease in
            if var existing = state.sessions[name], !isExpired(existing, now: now) {
                // Another request created it meanwhile: use that one.
                discarded.append(session)
                existing.inFlight += 1
                existing.lastUsedAt = now
                state.sessions[name] = existing
                return Lease(name: name, session: existing.session, generation: existing.generation)
            }
            for (expiredName, entry) in state.sessions where isExpired(entry, now: now) || expiredName == name {
                discarded.append(entry.session)
                state.sessions[expiredName] = nil
            }
            if state.sessions.count >= settings.maxSessions {
                let idle = state.sessions.filter { $0.value.inFlight == 0 }
                guard let leastRecent = idle.min(by: { $0.value.lastUsedAt < $1.value.lastUsedAt }) else {
                    discarded.append(session)
                    throw SessionLimitError(maxSessions: settings.maxSessions)
                }
                discarded.append(leastRecent.value.session)
                state.sessions[leastRecent.key] = nil
            }
            state.sessions[name] = Entry(session: session, generation: generation, createdAt: now, lastUsedAt: now,
                                         inFlight: 1)
            return Lease(name: name, session: session, generation: generation)
        }
    }

    /// Gives a session back after its request was answered.
    func checkIn(_ lease: Lease) {
        state.withLock { state in
            guard var entry = state.sessions[lease.name], entry.generation == lease.generation else { return }
            entry.inFlight -= 1
            entry.lastUsedAt = Date()
            state.sessions[lease.name] = entry
        }
    }

    /// Drops the session named `name`: forgets it and its client addresses, deletes its files.
    /// Returns false when there is none.
    func drop(_ name: String) -> Bool {
        let entry = state.withLock { state in
            state.addresses = state.addresses.filter { $0.value != name }
            return state.sessions.removeValue(forKey: name)
        }
        guard let entry else { return false }
        discard(entry.session)
        return true
    }

    /// Every live session, checked out (for a reset of all); give each back with `checkIn`.
    func checkOutAll() -> [Lease] {
        let now = Date()
        return state.withLock { state in
            state.sessions.keys.sorted().compactMap { name in
                guard var entry = state.sessions[name], !isExpired(entry, now: now) else { return nil }
                entry.inFlight += 1
                state.sessions[name] = entry
                return Lease(name: name, session: entry.session, generation: entry.generation)
            }
        }
    }

    /// Routes requests from each of `addresses` (normalised client IPs) to the session `name`,
    /// taking them from any session they went to before, and replacing `name`'s earlier ones.
    func assign(addresses: [String], to name: String) {
        state.withLock { state in
            state.addresses = state.addresses.filter { $0.value != name }
            for address in addresses { state.addresses[address] = name }
        }
    }

    /// The session name assigned to the client at `peer` (`host:port`), if any. The host's
    /// canonical text is worked out only when some address is assigned: most runs assign none,
    /// and every request without a session header asks.
    func sessionName(forPeer peer: String) -> String? {
        guard state.withLock({ !$0.addresses.isEmpty }) else { return nil }
        let address = ClientAddress.host(ofPeer: peer)
        return state.withLock { $0.addresses[address] }
    }

    /// What `GET /__admin/sessions` shows of each live session, by name.
    func summaries() throws -> [JSON] {
        let now = Date()
        let (entries, addresses) = state.withLock { state in
            (state.sessions.filter { !isExpired($0.value, now: now) }.sorted { $0.key < $1.key }, state.addresses)
        }
        return try entries.map { name, entry in
            let assigned = addresses.filter { $0.value == name }.keys.sorted()
            return .object([
                ("name", .string(name)),
                ("createdAt", .string(Self.timestamp(entry.createdAt))),
                ("lastUsedAt", .string(Self.timestamp(entry.lastUsedAt))),
                ("databaseBytes", .int(entry.session.databaseBytes)),
                ("databasePath", .string(entry.session.store.database.path)),
                ("journalEntries", .int(try entry.session.journal.count(matching: JournalFilter()))),
                ("requestsInFlight", .int(entry.inFlight)),
                ("clientAddresses", .array(assigned.map(JSON.string))),
            ])
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private func isExpired(_ entry: Entry, now: Date) -> Bool {
        entry.inFlight == 0 && now.timeIntervalSince(entry.lastUsedAt) > settings.idleTimeout
    }

    private func discard(_ session: MockSession) {
        factory.discard(session)
    }
}

/// Every session slot is taken by a session with a request in flight: a `503` with `Retry-After`.
struct SessionLimitError: APIResponseError {
    let maxSessions: Int

    var status: HTTPStatus { .serviceUnavailable }

    func response(in style: APIStyle) -> HTTPResponse {
        var response = Envelope.httpError(
            status: .serviceUnavailable,
            message: "all \(maxSessions) sessions are busy (--max-sessions); retry, or DELETE /__admin/sessions/NAME",
            style: style)
        response.headers.replaceOrAdd(name: "Retry-After", value: "1")
        return response
    }
}
