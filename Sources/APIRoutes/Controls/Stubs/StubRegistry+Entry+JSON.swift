import Wire

extension StubRegistry.Entry {
    /// The stub as the admin API shows it: its definition with the defaults filled in
    /// (`priority`, `persistent`) and, for a stub with `times`, the answers it has `remaining`.
    var json: JSON {
        var members = stub.definition.objectValue ?? []
        func setDefault(_ key: String, _ value: JSON) {
            if !members.contains(where: { $0.key == key }) { members.append((key, value)) }
        }
        setDefault("priority", .int(stub.priority))
        setDefault("persistent", .bool(stub.persistent))
        if let remaining { members.append(("remaining", .int(remaining))) }
        return .object(members)
    }
}
