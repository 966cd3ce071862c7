import Foundation
import Wire

/// One stub set through `/__admin/stubs`: which requests it answers, and either a whole answer
/// of its own or a JSON merge patch over the answer the server would have given.
struct Stub: Sendable {
    /// What a matched request is answered with.
    enum Answer: Sendable {
        /// A canned answer; the modules, captures and upstreams are not asked.
        case response(StubResponse)
        /// The server's own answer, its JSON body changed by a merge patch (RFC 7396), at
        /// `target` inside the body or on the whole body.
        case patch(JSON, target: JSONPath?)
    }

    /// A state machine a stub takes part in: it matches only in `requiredState` (when set) and
    /// moves the scenario to `newState` (when set) after answering.
    struct Scenario: Sendable {
        let name: String
        let requiredState: String?
        let newState: String?
    }

    let id: String
    let name: String?
    /// Lower wins among matching stubs; ties go to the most recently created.
    let priority: Int
    let request: RequestMatcher
    let answer: Answer
    /// How many answers it gives before it is removed; nil: no limit.
    let times: Int?
    /// How many of its `times` it has left when set (`remaining`, as `GET /__admin/stubs` shows
    /// it, so that a listed stub can be sent back unchanged); nil: all of them.
    let remaining: Int?
    let scenario: Scenario?
    /// Kept in the database and loaded again at start; survives `POST /__admin/reset`.
    let persistent: Bool
    /// The definition as accepted (with its id, without `remaining`), for the admin API and
    /// persistence.
    let definition: JSON

    static let defaultPriority = 5
    /// The state every scenario starts in, and returns to on reset.
    static let startedState = "Started"

    /// A fresh id when the definition gives none.
    static func generatedID() -> String { UUID().uuidString.lowercased() }
}
