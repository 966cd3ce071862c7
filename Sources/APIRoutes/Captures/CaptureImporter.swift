import CaptureFormats
import Foundation
import Store

/// Imports capture files: parses every file first (a malformed one refuses the whole import),
/// then stores all records and runs the registered mappers in ONE write transaction, so an
/// import is all or nothing and re-importing the same capture changes nothing.
public struct CaptureImporter: Sendable {
    public let repository: CaptureRepository
    public let mappers: [any CaptureMapper]
    /// How often `progress` is called while storing.
    public let progressInterval: Duration

    public init(repository: CaptureRepository, mappers: [any CaptureMapper], progressInterval: Duration = .seconds(3)) {
        self.repository = repository
        self.mappers = mappers
        self.progressInterval = progressInterval
    }

    /// Imports files and directories (see `CaptureSources`). Names in errors are the paths given.
    public func importPaths(
        _ paths: [String], progress: (@Sendable (CaptureImportProgress) -> Void)? = nil
    ) throws -> CaptureImportSummary {
        var batches: [(file: String, records: [CaptureRecord])] = []
        for file in try CaptureSources.files(in: paths) {
            let bytes = try CaptureSources.contents(of: file)
            let records = try whileReading(file.relativePath, progress: progress) {
                try CaptureFile.records(from: bytes, file: file.relativePath)
            }
            batches.append((file.relativePath, records))
        }
        return try store(batches, progress: progress)
    }

    /// Imports one document (the admin endpoint's body); `name` is used in error messages.
    public func importDocument(_ bytes: [UInt8], name: String) throws -> CaptureImportSummary {
        try store([(name, try CaptureFile.records(from: bytes, file: name))], progress: nil)
    }

    /// Stores already parsed records of several files in one transaction.
    public func store(
        _ batches: [(file: String, records: [CaptureRecord])],
        progress: (@Sendable (CaptureImportProgress) -> Void)?
    ) throws -> CaptureImportSummary {
        let total = batches.reduce(0) { $0 + $1.records.count }
        let clock = ContinuousClock()
        var nextReport = clock.now.advanced(by: progressInterval)
        return try repository.database.write { connection in
            var summary = CaptureImportSummary()
            summary.files = batches.count
            for batch in batches {
                for record in batch.records {
                    summary.read += 1
                    guard try repository.store(record, in: connection).isNew else {
                        summary.unchanged += 1
                        continue
                    }
                    summary.new += 1
                    summary.count(try route(record, into: connection))
                    if let progress, clock.now >= nextReport {
                        progress(CaptureImportProgress(file: batch.file, done: summary.read, total: total))
                        nextReport = clock.now.advanced(by: progressInterval)
                    }
                }
            }
            return summary
        }
    }

    /// Runs `parse`, reporting "reading FILE: N s so far" every `progressInterval` while it runs
    /// (parsing a large HAR is one long call).
    private func whileReading<T>(
        _ file: String, progress: (@Sendable (CaptureImportProgress) -> Void)?, _ parse: () throws -> T
    ) throws -> T {
        guard let progress, progressInterval > .zero else { return try parse() }
        let started = ContinuousClock.now
        let interval = DispatchTimeInterval.milliseconds(Int(progressInterval.components.seconds * 1000
            + progressInterval.components.attoseconds / 1_000_000_000_000_000))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            progress(CaptureImportProgress(file: file, done: 0, total: 0, readingFor: ContinuousClock.now - started))
        }
        timer.resume()
        defer { timer.cancel() }
        return try parse()
    }

    /// Offers a new record to every mapper; a mapper's error names the record.
    private func route(_ record: CaptureRecord, into connection: Connection) throws -> [CaptureMapping] {
        try mappers.map { mapper in
            do {
                return try mapper.mapping(record, into: connection)
            } catch {
                throw CaptureImportError(source: record.source, reason: "\(type(of: mapper)) refused the record: \(error)")
            }
        }
    }
}
