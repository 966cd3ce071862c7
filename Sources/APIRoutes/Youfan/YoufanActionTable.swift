/// The actions of the Youfan front controllers, found by path, module and action name straight
/// from the request's bytes: no key value, no `Hasher`, no lowercased copies a request.
///
/// ThinkPHP 3.2 matches module and action names case-insensitively (`URL_CASE_INSENSITIVE` is on
/// by default; PHP's `strtolower` folds ASCII letters only), so the names hash and compare with
/// ASCII capitals folded. The table is open-addressed (linear probing), a quarter full at most;
/// a slot holds the index of its action, or -1.
struct YoufanActionTable: Sendable {
    private let actions: [YoufanAction]
    /// Each action's module and action names, ASCII capitals made small, in `actions`' order.
    private let foldedNames: [(module: [UInt8], action: [UInt8])]
    private let slots: [Int]
    private let mask: Int

    /// Every action once: two of them with the same path and folded names are a programming error.
    init(_ actions: [YoufanAction]) {
        self.actions = actions
        foldedNames = actions.map { (Array($0.module.utf8).map(Self.folded), Array($0.action.utf8).map(Self.folded)) }
        var capacity = 8
        while capacity < actions.count * 4 { capacity *= 2 }
        var slots = Array(repeating: -1, count: capacity)
        let mask = capacity - 1
        for (index, action) in actions.enumerated() {
            var slot = Self.slot(path: action.path, module: action.module, action: action.action, mask: mask)
            while slots[slot] >= 0 {
                precondition(!Self.matches(actions[slots[slot]], foldedNames[slots[slot]], path: action.path,
                                           module: foldedNames[index].module, action: foldedNames[index].action),
                             "Youfan action \(action.path) \(action.module)/\(action.action) declared twice")
                slot = (slot + 1) & mask
            }
            slots[slot] = index
        }
        self.slots = slots
        self.mask = mask
    }

    /// The action `module`/`action` of the front controller at `path`, names matched ignoring
    /// ASCII case; nil when there is none.
    func action(path: String, module: String, action: String) -> YoufanAction? {
        var module = module
        var action = action
        return module.withUTF8 { module in
            action.withUTF8 { action in
                var slot = Self.slot(pathCount: path.utf8.count, module: module, action: action, mask: mask)
                while slots[slot] >= 0 {
                    let index = slots[slot]
                    if Self.matches(actions[index], foldedNames[index], path: path, module: module, action: action) {
                        return actions[index]
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    private static func matches(
        _ candidate: YoufanAction, _ folded: (module: [UInt8], action: [UInt8]), path: String,
        module: some Collection<UInt8>, action: some Collection<UInt8>
    ) -> Bool {
        equalFolded(module, folded.module) && equalFolded(action, folded.action) && candidate.path == path
    }

    /// Whether `name` folded is `folded`.
    private static func equalFolded(_ name: some Collection<UInt8>, _ folded: [UInt8]) -> Bool {
        name.count == folded.count && zip(name, folded).allSatisfy { Self.folded($0) == $1 }
    }

    private static func slot(path: String, module: String, action: String, mask: Int) -> Int {
        slot(pathCount: path.utf8.count, module: Array(module.utf8), action: Array(action.utf8), mask: mask)
    }

    /// FNV-1a over the folded names (a separator between them) and the path's length: the
    /// paths of the front controllers differ in length, and a collision only costs a probe.
    private static func slot(pathCount: Int, module: some Collection<UInt8>, action: some Collection<UInt8>, mask: Int) -> Int {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: pathCount)
        for byte in module { hash = (hash ^ UInt64(folded(byte))) &* prime }
        hash = (hash ^ 0xFF) &* prime
        for byte in action { hash = (hash ^ UInt64(folded(byte))) &* prime }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
    }

    /// `byte` with an ASCII capital made small; any other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
