import Wire

extension CaptureImportSummary {
    /// The summary as the admin endpoint's JSON body: the counts, `tables` (records per table, by
    /// name) and `refused` (`[{reason, records}]`, by reason).
    public var json: JSON {
        .object([
            ("files", .int(files)), ("read", .int(read)), ("new", .int(new)), ("unchanged", .int(unchanged)),
            ("routed", .int(routed)), ("replayOnly", .int(replayOnly)),
            ("tables", .object(tables.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("refused", .array(refusals.sorted { $0.key < $1.key }.map {
                .object([("reason", .string($0.key)), ("records", .int($0.value))])
            })),
        ])
    }
}
