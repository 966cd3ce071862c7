import HTTPServer
import Wire

/// One action of the official app (WIRE.md §3.2) declared as data: its `m`/`a` names (matched
/// case-insensitively), its envelope, who may call it, its parameters with their PHP defaults,
/// and the generic operation that answers it (`YoufanOperation`). `YoufanAction` runs it like
/// the hand-written actions; adding an action is adding one entry to `YoufanDeclarations.all`.
struct YoufanDeclaration: Sendable {
    let module: String
    let action: String
    let envelope: YoufanEnvelopeStyle
    let access: YoufanAccess
    let parameters: [YoufanParameterSpec]
    let operation: YoufanOperation
    /// What the answer carries, for the docs (`docs/api.md` lists it).
    let answer: String

    init(_ module: String, _ action: String, _ envelope: YoufanEnvelopeStyle, _ access: YoufanAccess,
         _ parameters: [YoufanParameterSpec], _ operation: YoufanOperation, answer: String) {
        self.module = module
        self.action = action
        self.envelope = envelope
        self.access = access
        self.parameters = parameters
        self.operation = operation
        self.answer = answer
    }

    /// The declaration as an action of the shop front controller. Writes run off the event loop.
    var youfanAction: YoufanAction {
        let declaration = self
        return YoufanAction(path: YoufanParameters.shopPath, module: module, action: action,
                            execution: operation.writes ? .blocking : .eventLoop) { store, query in
            try declaration.respond(store: store, query: query)
        }
    }

    /// Runs the operation and renders its answer, or its business failure, in the declared
    /// envelope; any other error goes up to the action's error boundary (logged, 500).
    func respond(store: YoufanStore, query: YoufanQuery) throws -> HTTPResponse {
        do {
            let arguments = try YoufanArguments(parameters, query: query)
            let caller = try access.caller(query: query, arguments: arguments, store: store)
            let answer = try operation.run(YoufanContext(store: store, arguments: arguments, caller: caller))
            return envelope.render(answer)
        } catch let failure as YoufanFailure {
            return envelope.render(failure)
        }
    }
}

/// The two Youfan envelopes (WIRE.md §1.5); each action uses exactly one.
enum YoufanEnvelopeStyle: String, Sendable {
    /// `{"status":1,"info":"","data":…}`.
    case php
    /// `{"isSuccess":1,"message":"","total":N,"results":…}`.
    case soa

    func render(_ answer: YoufanAnswer) -> HTTPResponse {
        switch self {
        case .php: Envelope.youfan(data: answer.data)
        case .soa: .json(JSON.object([("isSuccess", answer.success), ("message", .string(answer.message)),
                                      ("total", .int(answer.total)), ("results", answer.soaResults ?? answer.data)]
                                     + answer.extra).encoded())
        }
    }

    /// A refusal. The SOA one carries its message as `message`, which most of the app's screens
    /// read, and as `errMessage`, which the fitting-room booking's failure block shows (MB
    /// `UI/V2UI/FittingRoom/FittingRoomViewController.m`: `showInfo:dict[@"errMessage"]`).
    func render(_ failure: YoufanFailure) -> HTTPResponse {
        switch self {
        case .php: failure.response(in: .youfan)
        case .soa: YoufanEnvelope.soaFailure(failure.message, as: ["message", "errMessage"])
        }
    }
}

/// What an operation answers: the PHP `data` or the SOA `results`, with the SOA `total`,
/// `message` and any further top-level members the app reads (`OrderCreate`'s `waitingPayAmount`).
struct YoufanAnswer: Sendable {
    var data: JSON
    var total = 0
    var message = ""
    var extra: [(key: String, value: JSON)] = []
    /// The SOA `results` when they differ from the PHP `data` (a mark answers its count as
    /// `data`, nothing as `results`).
    var soaResults: JSON?
    /// The SOA `isSuccess`: the integer 1, except where the app compares text (`OrderCreate`).
    var success: JSON = 1

    /// A list answer: the items, and the count of all matches.
    static func list(_ items: [JSON], total: Int) -> YoufanAnswer {
        YoufanAnswer(data: .array(items), total: total)
    }

    /// A write whose answer the app reads only for its success: an empty list.
    static let done = YoufanAnswer(data: .array([]))
}

/// One call being answered: the store, the resolved parameters and the signed-in caller.
struct YoufanContext: Sendable {
    let store: YoufanStore
    let arguments: YoufanArguments
    /// The caller's user id; nil for an action anyone may call.
    let caller: String?

    /// The caller of an action declared anything but `.anyone` (always set there).
    func user() throws(YoufanFailure) -> String {
        guard let caller else { throw .signInRequired }
        return caller
    }

    /// Whose per-user marks a read shows: the caller, or on an action anyone may call the owner
    /// of the `token` sent, if it is valid; nil for an anonymous reader.
    func viewer() throws -> String? {
        if let caller { return caller }
        guard let token = arguments.query.optional("token") else { return nil }
        return try store.accounts.userID(token: token)
    }
}
