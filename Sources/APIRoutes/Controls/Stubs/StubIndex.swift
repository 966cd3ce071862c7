/// The stubs a request can be answered by, found without asking every stub: stubs with an exact
/// `path` are kept by that path (a dictionary look-up), the others (`pathPattern`, or no path) in
/// one list. Rebuilt whenever the stubs change; a claim reads it from its snapshot.
struct StubIndex: Sendable {
    /// A stub and its place in the creation order: a reference, so that walking a list of them
    /// copies a pointer, not the stub's many fields.
    final class Candidate: Sendable {
        let stub: Stub
        let sequence: Int

        init(stub: Stub, sequence: Int) {
            self.stub = stub
            self.sequence = sequence
        }
    }

    private var byPath: [String: [Candidate]] = [:]
    private var unkeyed: [Candidate] = []

    init(_ entries: [StubRegistry.Entry]) {
        for entry in entries {
            let candidate = Candidate(stub: entry.stub, sequence: entry.sequence)
            if case let .exact(path)? = entry.stub.request.path {
                byPath[path, default: []].append(candidate)
            } else {
                unkeyed.append(candidate)
            }
        }
    }

    /// True when there is no stub at all (the usual case): a claim then decodes nothing.
    var isEmpty: Bool { byPath.isEmpty && unkeyed.isEmpty }

    /// Every stub that may answer a request for `path`: those with exactly that path, then those
    /// with a pattern or no path.
    func candidates(for path: String) -> (keyed: [Candidate], unkeyed: [Candidate]) {
        (byPath[path] ?? [], unkeyed)
    }
}
