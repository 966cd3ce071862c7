import CaptureFormats
import Foundation
import Store

/// Stored captures as a HAR 1.2 document, secrets masked: what `GET /__admin/captures.har` and
/// `serve export` write, and what `serve import` (or Charles, Proxyman, a browser) reads back.
public struct CaptureExport: Sendable {
    public let repository: CaptureRepository
    public let masking: SecretMasking

    public init(repository: CaptureRepository, masking: SecretMasking = .standard) {
        self.repository = repository
        self.masking = masking
    }

    /// The captures matching `filter`, in import order; an origin-form URL is made absolute with
    /// `origin` (`http://127.0.0.1:8080`).
    public func har(matching filter: CaptureFilter = CaptureFilter(), origin: String) throws -> [UInt8] {
        let entries = try repository.records(matching: filter).map { stored in
            HAREntry(masking.record(stored.record), startedAt: Self.date(stored.storedAt), origin: origin)
        }
        return HARWriter(creatorVersion: MockServerVersion.current).document(entries)
    }

    /// A stored `imported_at` time (`2026-11-23T15:43:19.120Z`); the epoch should it not parse.
    private static func date(_ text: String) -> Date {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? Date(timeIntervalSince1970: 0)
    }
}
