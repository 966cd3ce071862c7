import CaptureFormats
import Foundation
import HTTPServer
import Store
import Wire

/// Saves what record mode forwarded: into the capture repository (so replay answers the next
/// identical request) and, with `--record-dir`, as a capture JSON file per exchange, its secrets
/// masked (the stored copy keeps them, so replay matches what the client sends).
public final class CaptureRecorder: Sendable {
    private let repository: CaptureRepository
    private let directory: URL?
    private let masking: SecretMasking

    public init(repository: CaptureRepository, directory: URL?, masking: SecretMasking = .standard) {
        self.repository = repository
        self.directory = directory
        self.masking = masking
    }

    /// Saves one exchange; failures are reported on standard error and never reach the client.
    func record(request: HTTPRequest, response: HTTPResponse, upstream: Upstream, waitMilliseconds: Double) {
        let record = CaptureRecord(
            method: request.method.rawValue,
            url: TargetSplit.originForm(of: request.target),
            requestHeaders: HTTPHeaders(ForwardedHeaders.request(request.headers)),
            requestBody: request.body,
            requestContentType: request.headers["Content-Type"],
            status: response.status.code,
            responseHeaders: HTTPHeaders(response.headers.filter { $0.name != MockControls.answeredByHeader }),
            responseContentType: response.headers["Content-Type"],
            responseBody: response.body,
            waitMilliseconds: (waitMilliseconds * 1000).rounded() / 1000,
            source: "recorded from \(upstream.base)")
        do {
            let outcome = try repository.database.write { try repository.store(record, in: $0) }
            if let directory, outcome.isNew {
                try writeFile(record, into: directory)
            }
        } catch {
            FileHandle.standardError.write(Data("record: could not save \(request.method) \(request.target): \(error)\n".utf8))
        }
    }

    private func writeFile(_ record: CaptureRecord, into directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = "\(record.method)\(record.request.path)"
            .map { $0.isLetter || $0.isNumber || $0 == "-" ? String($0) : "_" }.joined()
        let file = directory.appendingPathComponent("recorded-\(name.prefix(80))-\(record.contentHash.prefix(12)).json")
        try Data(masking.record(record).captureFileJSON.encoded()).write(to: file, options: .atomic)
    }
}
