import Store
import Wire

extension YoufanOperation {
    /// Runs the operation for one call.
    func run(_ context: YoufanContext) throws -> YoufanAnswer {
        let arguments = context.arguments
        let objects = context.store.objects
        switch self {
        case let .mark(kind, targets, marked, known):
            let targets = try arguments.list(targets).map { target in
                guard let known else { return target }
                guard let canonical = try known(context.store, target) else { throw YoufanFailure.notFound("\(target) 不存在") }
                return canonical
            }
            return try Self.setMarks(kind, targets: targets, marked: marked, context)
        case let .favourites(targets, keys, marked):
            return try Self.setFavourites(Self.favourites(targets, keys: keys, arguments), marked: marked, context)
        case let .marked(kind, paging, shape):
            let found = try context.store.marks.targets(kind.rawValue, userID: context.user(), page: paging.page(arguments.query))
            return .list(try found.targets.compactMap { try shape(context, $0) }, total: found.total)
        case let .create(collection, about, state, fields, shape):
            let body = JSON.object(fields.map { ($0.key, Self.value(of: $0, arguments)) })
            let id = try objects.insert(collection.rawValue, userID: context.user(), target: Self.target(about, arguments),
                                        state: state, body: body.encoded())
            guard let stored = try objects.object(collection.rawValue, id: id) else { throw YoufanFailure.notFound("\(id)") }
            return .list([try shape(context, stored)], total: 1)
        case let .list(collection, states, about, paging, shape):
            let found = try objects.objects(collection.rawValue, userID: context.user(), states: states,
                                            target: about.map { arguments.text($0) }, page: paging.page(arguments.query))
            return .list(try found.objects.map { try shape(context, $0) }, total: found.total)
        case let .listAbout(collection, about, paging, shape):
            let found = try objects.objects(collection.rawValue, target: Self.target(about, arguments),
                                            page: paging.page(arguments.query))
            return .list(try found.objects.map { try shape(context, $0) }, total: found.total)
        case let .detail(collection, id, shape):
            let stored = try Self.owned(collection, id: arguments.text(id), context)
            return .list([try shape(context, stored)], total: 1)
        case let .update(collection, id, fields):
            let stored = try Self.owned(collection, id: arguments.text(id), context)
            var members = (try JSON.parse(stored.body)).objectValue ?? []
            for field in fields {
                members.removeAll { $0.key == field.key }
                members.append((field.key, Self.value(of: field, arguments)))
            }
            try objects.database.write { connection in
                try YoufanUserObjectRepository.update(id: stored.id, state: stored.state, body: JSON.object(members).encoded(),
                                                       in: connection)
            }
            return .done
        case let .delete(collection, ids):
            let owned = try arguments.list(ids).map { try Self.owned(collection, id: $0, context) }
            guard !owned.isEmpty else { throw YoufanFailure.missing(ids) }
            try objects.database.write { connection in
                for stored in owned { try YoufanUserObjectRepository.delete(id: stored.id, in: connection) }
            }
            return .done
        case let .step(collection, id, from, to):
            let stored = try Self.owned(collection, id: arguments.text(id), context)
            // The state is read again inside the write: two steps sent at once cannot both pass.
            try objects.database.write { connection in
                let current = try YoufanUserObjectRepository.object(collection.rawValue, id: stored.id, in: connection) ?? stored
                guard from.contains(current.state) else {
                    throw YoufanFailure(message: "状态不允许此操作: \(stored.id) 当前状态 \(current.state)")
                }
                try YoufanUserObjectRepository.update(id: stored.id, state: to, body: current.body, in: connection)
            }
            return .done
        case let .collocations(source, paging):
            return try YoufanCollocationCards.list(source, page: paging.page(arguments.query), context)
        case let .listing(listing, paging):
            return try listing.answer(page: paging.page(arguments.query), context)
        case let .catalogue(id, shape):
            guard let found = try shape(context, arguments.text(id)) else {
                throw YoufanFailure.notFound("\(id)=\(arguments.text(id)) 不存在")
            }
            return YoufanAnswer(data: found, total: 1)
        case let .custom(_, run):
            return try run(context)
        }
    }

    /// The caller's object `id` of `collection`. Another user's object is answered exactly like
    /// a missing one, so ids of other users' carts and orders reveal nothing.
    static func owned(_ collection: YoufanCollection, id: String, _ context: YoufanContext) throws -> YoufanUserObject {
        let user = try context.user()
        guard let number = Int64(id), let stored = try context.store.objects.object(collection.rawValue, id: number),
              stored.userID == user
        else { throw YoufanFailure.notFound("\(collection.rawValue) \(id) 不存在") }
        return stored
    }

    private static func setMarks(_ kind: YoufanMark, targets: [String], marked: Bool,
                                 _ context: YoufanContext) throws -> YoufanAnswer {
        guard let first = targets.first else { throw YoufanFailure.missing("id") }
        try context.store.marks.set(kind.rawValue, userID: context.user(), targets: targets, marked: marked)
        let count = try context.store.marks.count(kind.rawValue, target: first)
        return YoufanAnswer(data: .string(String(count)), soaResults: .array([]))
    }

    private static func target(_ about: [String], _ arguments: YoufanArguments) -> String {
        about.map { arguments.text($0) }.joined(separator: ":")
    }

    private static func value(of field: YoufanField, _ arguments: YoufanArguments) -> JSON {
        field.number ? .int(arguments.integer(field.parameter)) : .string(arguments.text(field.parameter))
    }
}
