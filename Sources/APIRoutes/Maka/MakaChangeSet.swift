import HTTPServer
import Wire

/// The fields a partial update names: `key` + `value` (one field, as the captured client sends
/// it), or else every parameter but the ones QT puts on every authenticated request (`token`,
/// `uid`, `timestamp`: WIRE.md §4.1). Read-only and unknown names are refused (422), so a
/// client never believes a change was made that was not.
struct MakaChangeSet {
    static let requestParameters: Set<String> = ["token", "uid", "timestamp"]

    let fields: [(name: String, value: String)]

    init(_ parameters: Parameters, readOnly: Set<String>, editable: [String]) throws(MakaFailure) {
        if let key = parameters["key"] {
            guard let value = parameters["value"] else { throw .missing("value") }
            fields = [(name: key, value: value)]
        } else {
            fields = parameters.filter { !Self.requestParameters.contains($0.name) }.map { (name: $0.name, value: $0.value) }
        }
        guard !fields.isEmpty else {
            throw .missing("key and value (or at least one of \(editable.joined(separator: ", ")))")
        }
        for field in fields {
            if readOnly.contains(field.name) { throw .invalid("\(field.name) is read-only") }
            guard editable.contains(field.name) else {
                throw .invalid("unknown field \(field.name); editable: \(editable.joined(separator: ", "))")
            }
        }
    }
}
