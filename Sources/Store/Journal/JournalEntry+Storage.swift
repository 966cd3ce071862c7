import Foundation
import Wire

extension JournalEntry {
    /// Every field of an entry, as one value. The request path makes one and the spent entry's
    /// box frees one for every journaled request, so what the request path need not know (the
    /// wall-clock time, who answered) is worked out by the writer, and what is nearly always
    /// absent (the mock controls' marks, a rejection) is one optional value: each text field
    /// cost a retain where an entry was made and a release where it was freed, nil or not.
    struct Fields: Sendable, Equatable {
        var id: Int64
        var start: JournalStart
        var client: String
        var method: String
        var target: String
        var path: String
        var requestFields: HTTPHeaders
        var body: [UInt8]
        var bodySize: Int
        var status: Int?
        var durationMilliseconds: Double
        /// Who answered, unless `answeredByIsAnswers`.
        var answeredBy: String?
        /// Whether who answered is the answer's own `X-Mock-Answered-By` field, looked up when
        /// read (a module sets that field itself, and the request path need not find it again).
        var answeredByIsAnswers: Bool
        var marks: Marks?
        var answerFields: HTTPHeaders
        var responseBody: [UInt8]

        /// Who answered, looked up in the answer's fields when it is theirs.
        var resolvedAnsweredBy: String? {
            answeredByIsAnswers ? answerFields[.xMockAnsweredBy] : answeredBy
        }

        var delayMilliseconds: Int? {
            get { marks?.delayMilliseconds }
            set { marks = Marks.of(newValue, delaySource, fault, faultSource, rejection) }
        }
        var delaySource: String? {
            get { marks?.delaySource }
            set { marks = Marks.of(delayMilliseconds, newValue, fault, faultSource, rejection) }
        }
        var fault: String? {
            get { marks?.fault }
            set { marks = Marks.of(delayMilliseconds, delaySource, newValue, faultSource, rejection) }
        }
        var faultSource: String? {
            get { marks?.faultSource }
            set { marks = Marks.of(delayMilliseconds, delaySource, fault, newValue, rejection) }
        }
        var rejection: String? {
            get { marks?.rejection }
            set { marks = Marks.of(delayMilliseconds, delaySource, fault, faultSource, newValue) }
        }
    }

    /// What the mock controls did to a request (its delay, its fault, and where each came from),
    /// and why the server refused it by itself: all absent for nearly every request. A box, so
    /// that an entry without marks holds one nil reference: as an optional struct of four texts
    /// it was copied out whole each time the writer asked whether it was nil (~690 Ir an entry).
    final class Marks: Sendable, Equatable {
        let delayMilliseconds: Int?
        let delaySource: String?
        let fault: String?
        let faultSource: String?
        let rejection: String?

        private init(_ delayMilliseconds: Int?, _ delaySource: String?, _ fault: String?, _ faultSource: String?,
                     _ rejection: String?) {
            self.delayMilliseconds = delayMilliseconds
            self.delaySource = delaySource
            self.fault = fault
            self.faultSource = faultSource
            self.rejection = rejection
        }

        /// The marks of these values; nil when none is set.
        static func of(_ delayMilliseconds: Int?, _ delaySource: String?, _ fault: String?, _ faultSource: String?,
                       _ rejection: String?) -> Marks? {
            delayMilliseconds == nil && delaySource == nil && fault == nil && faultSource == nil && rejection == nil
                ? nil : Marks(delayMilliseconds, delaySource, fault, faultSource, rejection)
        }

        static func == (lhs: Marks, rhs: Marks) -> Bool {
            lhs === rhs || lhs.delayMilliseconds == rhs.delayMilliseconds && lhs.delaySource == rhs.delaySource
                && lhs.fault == rhs.fault && lhs.faultSource == rhs.faultSource && lhs.rejection == rhs.rejection
        }
    }

    /// The box an entry's copies share; never changed once made, so copies need no locking.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
