import CaptureFormats

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
        return try database.read { db in
            let count = try db.queryFirst("SELECT count(*) FROM captures WHERE match_key = ?", [.text(key)])?.int(at: 0) ?? 0
            guard count > 0 else { return nil }
            let position = cursors.next(for: key, count: count)
            return try db.queryFirst(
                "SELECT \(StoredCapture.columns) FROM captures WHERE match_key = ? ORDER BY id LIMIT 1 OFFSET ?",
                [.text(key), .integer(Int64(position))]).map(StoredCapture.init(row:))
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
    ///
    /// Every capture of the path is scored from a covering index, on hashes of the canonical
    /// `name=value` pairs read in place, so a path with tens of thousands of captures (the
    /// Youfan front controller) still answers a 404 quickly.
    public func nearMiss(_ request: CaptureRequest) throws -> CaptureNearMiss? {
        let key = CaptureMatchKey(request, volatileParameters: volatileParameters)
        let wanted = Set(key.canonicalParameters.utf8.split(separator: UInt8(ascii: "&")).map { PairHash.of($0) })
        let best = try database.read { db -> (method: String, parameters: String)? in
            let statement = try db.statement("SELECT method, parameters FROM captures WHERE path = ? ORDER BY id DESC")
            try statement.bind([.text(key.path)])
            defer { statement.reset() }
            var best: (score: Int, method: String, parameters: String)?
            while try statement.step() {
                let (count, shared) = try statement.withUnsafeBytes(at: 1) { PairHash.count($0, sharedWith: wanted) }
                let method = try statement.optionalText(at: 0) ?? ""
                let score = wanted.count + count - 2 * shared + (method == key.method ? 0 : 1_000_000)
                if let current = best, current.score <= score { continue }
                best = (score, method, try statement.optionalText(at: 1) ?? "")
                if score == 0 { break }
            }
            return best.map { ($0.method, $0.parameters) }
        }
        guard let best else { return nil }
        return CaptureNearMiss(request: key, closestMethod: best.method,
                               closestParameters: CaptureMatchKey.parameters(fromCanonical: best.parameters))
    }
}
