/// Finding the capture that answers a request.
extension CaptureRepository {
    /// The capture that answers `request`: the most recently imported match, or with `sequence`
    /// the next one in import order for this key (the last repeats). Nil when nothing matches.
    public func match(_ request: CaptureRequest, sequence: Bool = false) throws -> StoredCapture? {
        let key = CaptureMatchKey(request, volatileParameters: volatileParameters).text
        if !sequence {
            return try database.read { db in
                try db.queryFirst("SELECT \(StoredCapture.columns) FROM captures WHERE match_key = ? ORDER BY id DESC LIMIT 1",
                                  [.text(key)]).map(StoredCapture.init(row:))
            }
        }
        let candidates = try database.read { db in
            try db.query("SELECT id FROM captures WHERE match_key = ? ORDER BY id", [.text(key)]).compactMap { $0.int64(at: 0) }
        }
        guard !candidates.isEmpty else { return nil }
        let chosen = candidates[cursors.next(for: key, count: candidates.count)]
        return try database.read { db in
            try db.queryFirst("SELECT \(StoredCapture.columns) FROM captures WHERE id = ?", [.integer(chosen)])
                .map(StoredCapture.init(row:))
        }
    }

    /// Every capture matching `request`, in import order.
    public func matches(_ request: CaptureRequest) throws -> [StoredCapture] {
        let key = CaptureMatchKey(request, volatileParameters: volatileParameters).text
        return try database.read { db in
            try db.query("SELECT \(StoredCapture.columns) FROM captures WHERE match_key = ? ORDER BY id", [.text(key)])
                .map(StoredCapture.init(row:))
        }
    }

    /// Starts every `--replay-sequence` walk from its first capture again.
    public func resetSequences() {
        cursors.reset()
    }

    /// The closest capture on the same path when nothing matches exactly: same method preferred,
    /// then the fewest differing parameters, then the most recent. Nil when the path was never captured.
    public func nearMiss(_ request: CaptureRequest) throws -> CaptureNearMiss? {
        let key = CaptureMatchKey(request, volatileParameters: volatileParameters)
        let candidates = try database.read { db in
            try db.query("SELECT id, method, parameters FROM captures WHERE path = ? ORDER BY id DESC LIMIT 5000",
                         [.text(key.path)])
        }
        var best: (score: Int, method: String, parameters: [CaptureParameter])?
        for row in candidates {
            let method = row.string(at: 1) ?? ""
            let parameters = CaptureMatchKey.parameters(fromCanonical: row.string(at: 2) ?? "")
            let score = CaptureNearMiss.distance(key.parameters, parameters) + (method == key.method ? 0 : 1000)
            if let current = best, current.score <= score { continue }
            best = (score, method, parameters)
        }
        guard let best else { return nil }
        return CaptureNearMiss(request: key, closestMethod: best.method, closestParameters: best.parameters)
    }
}
