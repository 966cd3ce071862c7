import Wire

/// JSON Merge Patch (RFC 7396): an object patch sets each of its members in the target, a `null`
/// member removes the target's member, nested objects merge recursively, and anything else (an
/// array, a string, a number) replaces the target whole. Members keep their order; new ones are
/// appended.
enum JSONMergePatch {
    static func apply(_ patch: JSON, to target: JSON) -> JSON {
        guard let patchMembers = patch.objectValue else { return patch }
        var members = target.objectValue ?? []
        for (key, value) in patchMembers {
            let position = members.firstIndex { $0.key == key }
            if value.isNull {
                if let position { members.remove(at: position) }
            } else if let position {
                members[position].value = apply(value, to: members[position].value)
            } else {
                members.append((key: key, value: apply(value, to: .null)))
            }
        }
        return .object(members)
    }
}
