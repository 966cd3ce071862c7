import Store
import Wire

/// The caller's delivery addresses (`Order/ReceiverFilter`, `Order/ReceiverCreate`, `Order/ReceiverUpdate`,
/// `Order/ReceiverDelete`, MB `UI/ViewController/Me/MyAddress/MyAdderssViewController.m`). An address keeps
/// the upper-case fields the app's form sends; its state is `default` for the one default address,
/// empty otherwise.
enum YoufanAddresses {
    static let isDefault = "default"
    /// The address fields kept from the app's form, upper-case as `NewAddressViewController.m` posts
    /// them (`PHONENO` is a copy of `MOBILENO` when no phone is entered).
    static let fields = ["NAME", "MOBILENO", "PHONENO", "COUNTRY", "PROVINCE", "CITY", "COUNTY", "ADDRESS",
                         "POST_CODE", "CREATE_USER"]

    /// `Order/ReceiverCreate` (POST, MB `NewAddressViewController.m` for a new address) — the
    /// address fields, `ISDEFAULT` (1: this becomes the only default). The first address is the
    /// default. `results` = `[{ID, ISDEFAULT, …fields}]`, the stored address.
    @Sendable static func create(_ context: YoufanContext) throws -> YoufanAnswer {
        try save(context, replacing: nil)
    }

    /// `Order/ReceiverUpdate` (POST, the same form for an address of the list) — `ID`, the address
    /// fields, `ISDEFAULT`. Fields not sent keep their value. `results` as `ReceiverCreate`'s.
    @Sendable static func update(_ context: YoufanContext) throws -> YoufanAnswer {
        try save(context, replacing: try YoufanOperation.owned(.address, id: context.arguments.text("ID"), context))
    }

    /// Stores the sent fields as a new address or over `existing`; the app reads only `isSuccess`, a
    /// client learns the new `ID` from the answer. Hand-written: one write touches several addresses.
    private static func save(_ context: YoufanContext, replacing existing: YoufanUserObject?) throws -> YoufanAnswer {
        let user = try context.user()
        let arguments = context.arguments
        var members = try existing.map { try JSON.parse($0.body).objectValue ?? [] } ?? []
        for field in fields {
            guard let value = arguments.query.optional(field) else { continue }
            members.removeAll { $0.key == field }
            members.append((field, .string(value)))
        }
        let others = try context.store.objects.objects(YoufanCollection.address.rawValue, userID: user,
                                                       page: YoufanPage(index: 0, size: Int.max)).objects
            .filter { $0.id != existing?.id }
        let makeDefault = arguments.integer("ISDEFAULT") == 1 || others.isEmpty
        let state = makeDefault ? isDefault : existing?.state ?? ""
        let body = JSON.object(members).encoded()
        let id = try context.store.objects.database.write { connection in
            if makeDefault {
                for other in others where other.state == isDefault {
                    try YoufanUserObjectRepository.update(id: other.id, state: "", body: other.body, in: connection)
                }
            }
            guard let existing else {
                return try YoufanUserObjectRepository.insert(YoufanCollection.address.rawValue, userID: user, target: "",
                                                             state: state, body: body, in: connection)
            }
            try YoufanUserObjectRepository.update(id: existing.id, state: state, body: body, in: connection)
            return existing.id
        }
        let row = JSON.object([("ID", .string(String(id))), ("ISDEFAULT", .int(state == isDefault ? 1 : 0))] + members)
        return .list([row], total: 1)
    }

    /// An address as `Order/ReceiverFilter` lists it, in the lower-case keys the address screens
    /// read (MB `MyAdderssViewController.m`: `id`, `name`, `mobileno`, `is_default`, `province`,
    /// `city`, `county`, `address`; `MBCreateGoodsOrderViewController.m` also `isdefault`), from the
    /// upper-case fields the form posted; `mobileno` is the mobile number, else the phone.
    @Sendable static func row(_ context: YoufanContext, _ stored: YoufanUserObject) throws -> JSON {
        let body = try JSON.parse(stored.body)
        func field(_ key: String) -> String { body[key]?.stringValue ?? "" }
        let flag = JSON.int(stored.state == isDefault ? 1 : 0)
        let mobile = field("MOBILENO").isEmpty ? field("PHONENO") : field("MOBILENO")
        let texts: [(String, String)] = [
            ("name", field("NAME")), ("mobileno", mobile), ("phoneno", field("PHONENO")), ("country", field("COUNTRY")),
            ("province", field("PROVINCE")), ("city", field("CITY")), ("county", field("COUNTY")), ("address", field("ADDRESS")),
            ("posT_CODE", field("POST_CODE")),
        ]
        let members: [(key: String, value: JSON)] = [("id", .string(String(stored.id))), ("userId", .string(stored.userID))]
            + texts.map { (key: $0.0, value: JSON.string($0.1)) } + [("is_default", flag), ("isdefault", flag)]
        return .object(members)
    }

    /// The caller's default address, nil when they have none.
    static func defaultAddress(_ user: String, _ context: YoufanContext) throws -> YoufanUserObject? {
        try context.store.objects.objects(YoufanCollection.address.rawValue, userID: user, states: [isDefault],
                                          page: YoufanPage(index: 0, size: 1)).objects.first
    }
}
