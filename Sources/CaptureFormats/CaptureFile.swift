import Wire

/// Reads a capture file — HAR 1.2 or capture JSON, told apart by content — into records.
public enum CaptureFile {
    /// The records of one file, in file order, or an error naming the file, entry and problem.
    /// - Parameter file: the name used in error messages and in each record's `source`.
    public static func records(from bytes: [UInt8], file: String) throws(CaptureFormatError) -> [CaptureRecord] {
        let tree = try document(bytes, file: file)
        if tree.isObject, let log = tree["log"] {
            return try HARReader(file: file).records(log: log)
        }
        let reader = CaptureJSONReader(file: file)
        if tree.isObject, tree["request"] != nil || tree["response"] != nil {
            return [try reader.record(tree, entry: 0, path: "")]
        }
        if case let .array(items) = tree {
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

    /// The parsed file (a UTF-8 byte order mark allowed), capture bodies kept as written; a
    /// syntax error names its line and column.
    private static func document(_ bytes: [UInt8], file: String) throws(CaptureFormatError) -> JSON {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do {
            return try JSON.parse(text, keepingSourceOf: CaptureJSONReader.bodyMembers)
        } catch {
            let (line, column) = error.lineAndColumn(in: text)
            throw CaptureFormatError(file: file, entry: nil, problem: "invalid JSON at line \(line), column \(column): \(error.message)")
        }
    }
}
