import Dispatch
import Foundation
import HTTPServer
import Store
import Synchronization
import Wire

/// Every stub and scenario state of one `MockControls`: which stub answers a request (`claim`),
/// `times` counting down, scenarios moving, and the admin API's changes. Stubs live in memory;
/// `persistent` ones are also written to the database (when there is one) and loaded at start,
/// with the answers they have left and the states of the scenarios they name (written in the
/// background after each answer that changes them).
///
/// Thread-safe: the in-memory state sits in a `Mutex` held only for short, non-blocking work;
/// admin changes are serialised by a second lock so that the database and memory agree.
public final class StubRegistry: Sendable {
    /// A stub with its place in the creation order and the answers it has left.
    struct Entry: Sendable {
        let stub: Stub
        let sequence: Int
        var remaining: Int?
    }

    private struct State: Sendable {
        var entries: [Entry] = [] {
            didSet { index = StubIndex(entries) }
        }
        /// `entries` by path, for `claim`.
        private(set) var index = StubIndex([])
        var nextSequence = 1
        var scenarioStates: [String: String] = [:]
    }

    private let state: Mutex<State>
    private let changes = Mutex(())
    private let database: Database?
    private let expiryQueue = DispatchQueue(label: "stubs.expiry")
    private let log: @Sendable (String) -> Void

    /// A registry that keeps every stub in memory only (`persistent` is accepted and ignored).
    public convenience init() {
        self.init(database: nil, loaded: State(), log: StandardError.writeLine)
    }

    /// A registry that keeps persistent stubs in `database` (migrated with
    /// `StubRepository.migrations`), starting with the ones stored there; a stored stub that
    /// cannot be read is a `StubLoadError`.
    /// - Parameter log: where a failed background removal of an expired persistent stub is described.
    public convenience init(database: Database, log: @escaping @Sendable (String) -> Void = StandardError.writeLine) throws {
        let (records, scenarioStates) = try database.read {
            (try StubRepository.all(in: $0), try StubRepository.scenarioStates(in: $0))
        }
        var loaded = State()
        loaded.scenarioStates = scenarioStates
        for record in records {
            let stub: Stub
            do {
                stub = try Stub(parsing: try JSON.parse(record.definition))
            } catch let error as AdminInputError {
                throw StubLoadError(id: record.id, problem: error.message)
            } catch let error as JSONParseError {
                throw StubLoadError(id: record.id, problem: "its definition is not JSON (\(error))")
            }
            let remaining = stub.times.map { times in min(max(record.remaining ?? times, 1), times) }
            loaded.entries.append(Entry(stub: stub, sequence: record.sequence, remaining: remaining))
            loaded.nextSequence = max(loaded.nextSequence, record.sequence + 1)
        }
        self.init(database: database, loaded: loaded, log: log)
    }

    private init(database: Database?, loaded: State, log: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.log = log
        state = Mutex(loaded)
    }

    // MARK: Answering

    /// The stub that answers `request`, with its bookkeeping done: among the stubs that match
    /// (and whose scenario is in their required state), the lowest priority number, then the most
    /// recently created. Its count goes down (it is removed at 0) and its scenario moves.
    ///
    /// The matching (parameters, regular expressions, JSON paths) runs on a snapshot, outside the
    /// lock, so event loops answering at once do not wait on each other's matching; under the
    /// lock the chosen stub is checked again (still there, still eligible, still matching, the
    /// scenarios unchanged) and the choice is made again from a new snapshot when it is not.
    func claim(for request: HTTPRequest) -> Stub? {
        var decoded: MatchedRequest?
        for _ in 0..<Self.claimAttempts {
            let (index, scenarioStates) = state.withLock { ($0.index, $0.scenarioStates) }
            // No stubs (the usual case): nothing to decode the request for.
            guard !index.isEmpty else { return nil }
            let matched = decoded ?? MatchedRequest(request, headMatchesGet: true)
            decoded = matched
            guard let chosen = Self.best(in: index, scenarioStates, matching: matched) else { return nil }
            let outcome = state.withLock { state -> (claimed: Stub, expired: Bool)? in
                guard state.scenarioStates == scenarioStates,
                      let index = state.entries.firstIndex(where: { $0.sequence == chosen }),
                      Self.isEligible(state.entries[index].stub, state.scenarioStates),
                      state.entries[index].stub.request.matches(matched)
                else { return nil }
                return Self.take(at: index, from: &state)
            }
            guard let outcome else { continue }
            if outcome.expired, outcome.claimed.persistent {
                forgetExpired(outcome.claimed.id)
            } else if outcome.claimed.persistent || outcome.claimed.scenario?.newState != nil {
                recordProgress()
            }
            return outcome.claimed
        }
        return nil
    }

    /// How often `claim` chooses again when concurrent claims keep changing what it chose.
    private static let claimAttempts = 8

    /// The sequence of the stub that answers `matched` in a snapshot; nil when none matches. Only
    /// the stubs for the request's path and the unkeyed ones are asked.
    private static func best(in index: StubIndex, _ scenarioStates: [String: String],
                             matching matched: MatchedRequest) -> Int? {
        var best: StubIndex.Candidate?
        let (keyed, unkeyed) = index.candidates(for: matched.request.path)
        for candidates in [keyed, unkeyed] {
            for candidate in candidates where isEligible(candidate.stub, scenarioStates) {
                if let current = best, !precedes(candidate, current) { continue }
                guard candidate.stub.request.matches(matched) else { continue }
                best = candidate
            }
        }
        return best?.sequence
    }

    /// Claims the entry at `index`: moves its scenario, counts its answer down, removes it at 0.
    private static func take(at index: Int, from state: inout State) -> (claimed: Stub, expired: Bool) {
        let stub = state.entries[index].stub
        if let scenario = stub.scenario, let newState = scenario.newState {
            state.scenarioStates[scenario.name] = newState
        }
        guard let remaining = state.entries[index].remaining else { return (stub, false) }
        if remaining > 1 {
            state.entries[index].remaining = remaining - 1
            return (stub, false)
        }
        state.entries.remove(at: index)
        return (stub, true)
    }

    private static func isEligible(_ stub: Stub, _ scenarioStates: [String: String]) -> Bool {
        guard let scenario = stub.scenario, let required = scenario.requiredState else { return true }
        return (scenarioStates[scenario.name] ?? Stub.startedState) == required
    }

    /// Whether `candidate` wins over `other`: a lower priority number, then a later creation.
    private static func precedes(_ candidate: StubIndex.Candidate, _ other: StubIndex.Candidate) -> Bool {
        (candidate.stub.priority, -candidate.sequence) < (other.stub.priority, -other.sequence)
    }

    /// Removes an expired persistent stub from the database, unless it was set again meanwhile.
    private func forgetExpired(_ id: String) {
        guard let database else { return }
        expiryQueue.async { [self] in
            changes.withLock { _ in
                guard !state.withLock({ $0.entries.contains { $0.stub.id == id } }) else { return }
                do {
                    try database.write { try StubRepository.delete(id: id, in: $0) }
                } catch {
                    log("stubs: could not remove expired persistent stub \(id): \(error)")
                }
            }
        }
    }

    /// Writes, in the background, the answers each persistent stub has left and the states of
    /// the scenarios persistent stubs name, as they are when the write runs (so writes queued
    /// behind each other cannot store an older state last).
    private func recordProgress() {
        guard let database else { return }
        expiryQueue.async { [self] in
            changes.withLock { _ in
                let (remaining, scenarioStates) = state.withLock { state in
                    let persistent = state.entries.filter(\.stub.persistent)
                    let names = Set(persistent.compactMap(\.stub.scenario?.name))
                    return (persistent.map { (id: $0.stub.id, remaining: $0.remaining) },
                            state.scenarioStates.filter { names.contains($0.key) })
                }
                guard !remaining.isEmpty else { return }
                do {
                    try database.write { connection in
                        try StubRepository.saveRemaining(remaining, in: connection)
                        try StubRepository.saveScenarioStates(scenarioStates, in: connection)
                    }
                } catch {
                    log("stubs: could not record the persistent stubs' answers left and scenario states: \(error)")
                }
            }
        }
    }

    // MARK: Administration

    /// Adds `stub`; nil (nothing changed) when a stub with its id exists.
    func add(_ stub: Stub) throws -> Entry? {
        try changes.withLock { _ in
            guard !state.withLock({ $0.entries.contains { $0.stub.id == stub.id } }) else { return nil }
            let sequence = state.withLock { $0.nextSequence }
            try persist(stub, sequence: sequence)
            let entry = Entry(stub: stub, sequence: sequence, remaining: stub.remaining ?? stub.times)
            state.withLock { state in
                state.entries.append(entry)
                state.nextSequence = sequence + 1
            }
            return entry
        }
    }

    /// Replaces the stub with `stub`'s id, keeping its place in the creation order; nil when
    /// there is none.
    func replace(_ stub: Stub) throws -> Entry? {
        try changes.withLock { _ in
            guard let old = state.withLock({ $0.entries.first { $0.stub.id == stub.id } }) else { return nil }
            if stub.persistent {
                try persist(stub, sequence: old.sequence)
            } else if old.stub.persistent, let database {
                try database.write { try StubRepository.delete(id: stub.id, in: $0) }
            }
            let entry = Entry(stub: stub, sequence: old.sequence, remaining: stub.remaining ?? stub.times)
            state.withLock { state in
                if let index = state.entries.firstIndex(where: { $0.stub.id == stub.id }) { state.entries[index] = entry }
            }
            return entry
        }
    }

    /// Removes the stub `id`; false when there is none.
    func remove(id: String) throws -> Bool {
        try changes.withLock { _ in
            guard let old = state.withLock({ $0.entries.first { $0.stub.id == id } }) else { return false }
            if old.stub.persistent, let database {
                try database.write { try StubRepository.delete(id: id, in: $0) }
            }
            state.withLock { $0.entries.removeAll { $0.stub.id == id } }
            return true
        }
    }

    /// Removes every stub, persistent ones included; returns how many there were.
    func removeAll() throws -> Int {
        try changes.withLock { _ in
            if let database { try database.write { try StubRepository.deleteAll(in: $0) } }
            return state.withLock { state in
                defer { state.entries = [] }
                return state.entries.count
            }
        }
    }

    /// Back to the start state: the stubs that are not persistent removed, the persistent ones'
    /// counts restored, every scenario in `Started` (in the database too). Returns how many stubs
    /// were removed.
    func reset() -> Int {
        changes.withLock { _ in
            do {
                try database?.write { try StubRepository.forgetProgress(in: $0) }
            } catch {
                log("stubs: could not reset the persistent stubs' answers left and scenario states: \(error)")
            }
            return state.withLock { state in
                let before = state.entries.count
                state.entries = state.entries.filter(\.stub.persistent).map { entry in
                    Entry(stub: entry.stub, sequence: entry.sequence, remaining: entry.stub.times)
                }
                state.scenarioStates = [:]
                return before - state.entries.count
            }
        }
    }

    /// Every stub, in the order they were created.
    var entries: [Entry] { state.withLock { $0.entries } }

    /// Every stub, in the order they were created, once the background writes queued so far (the
    /// persistent stubs' answers left, scenario states, expiries) are in the database: what the
    /// list shows is what a restart now would load.
    var settledEntries: [Entry] {
        expiryQueue.sync {}
        return entries
    }

    /// The stub `id`, if there is one.
    func entry(id: String) -> Entry? { state.withLock { $0.entries.first { $0.stub.id == id } } }

    private func persist(_ stub: Stub, sequence: Int) throws {
        guard stub.persistent, let database else { return }
        let record = StubRepository.Record(id: stub.id, sequence: sequence, definition: stub.definition.encodedString(),
                                           remaining: stub.remaining)
        try database.write { try StubRepository.save(record, in: $0) }
    }

    // MARK: Scenarios

    /// Every scenario a stub names, with its current state and the states its stubs name.
    var scenarios: [(name: String, state: String, possibleStates: [String])] {
        state.withLock { state in
            var possible: [String: [String]] = [:]
            for case let scenario? in state.entries.map(\.stub.scenario) {
                var states = possible[scenario.name] ?? [Stub.startedState]
                for named in [scenario.requiredState, scenario.newState].compactMap({ $0 }) where !states.contains(named) {
                    states.append(named)
                }
                possible[scenario.name] = states
            }
            return possible.keys.sorted().map { name in
                (name, state.scenarioStates[name] ?? Stub.startedState, possible[name] ?? [])
            }
        }
    }

    /// Puts every scenario back in `Started`.
    func resetScenarios() {
        state.withLock { $0.scenarioStates = [:] }
        recordProgress()
    }

    /// Puts scenario `name` in `newState`; false when no stub names the scenario.
    func setScenario(_ name: String, to newState: String) -> Bool {
        let named = state.withLock { state in
            guard state.entries.contains(where: { $0.stub.scenario?.name == name }) else { return false }
            state.scenarioStates[name] = newState
            return true
        }
        if named { recordProgress() }
        return named
    }
}
