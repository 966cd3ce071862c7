import Foundation
import Wire

extension JournalEntry {
    /// Every field of an entry, as one value.
    struct Fields: Sendable, Equatable {
        var id: Int64
        var startedAt: Date
        var client: String
        var method: String
        var target: String
        var path: String
        var requestFields: HTTPHeaders
        var body: [UInt8]
        var bodySize: Int
        var status: Int?
        var durationMilliseconds: Double
        var answeredBy: String?
        var delayMilliseconds: Int?
        var delaySource: String?
        var fault: String?
        var faultSource: String?
        var rejection: String?
        var answerFields: HTTPHeaders
        var responseBody: [UInt8]
    }

    /// The box an entry's copies share; never changed once made, so copies need no locking.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
