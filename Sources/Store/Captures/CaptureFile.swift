/// Reads a capture file — HAR 1.2 or capture JSON, told apart by content — into records.
public enum CaptureFile {
    /// The records of one file, in file order, or an error naming the file, entry and problem.
    /// - Parameter file: the name used in error messages and in each record's `source`.
    public static func records(from bytes: [UInt8], file: String) throws(CaptureFormatError) -> [CaptureRecord] {
        let tree: JSONTree
        do {
            tree = try JSONTreeParser.parse(bytes)
        } catch {
            throw CaptureFormatError(file: file, entry: nil, problem: error.message)
        }
        if tree.isObject, let log = tree["log"] {
            return try HARReader(bytes: bytes, file: file).records(log: log)
        }
        let reader = CaptureJSONReader(bytes: bytes, file: file)
        if tree.isObject, tree["request"] != nil || tree["response"] != nil {
            return [try reader.record(tree, entry: 0, path: "")]
        }
        if let items = tree.array {
            var records: [CaptureRecord] = []
            records.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                records.append(try reader.record(item, entry: index, path: ""))
            }
            return records
        }
        throw CaptureFormatError(file: file, entry: nil, problem:
            "neither a HAR document (an object with log.entries) nor capture JSON (a record {request, response} or an array of them)")
    }
}
