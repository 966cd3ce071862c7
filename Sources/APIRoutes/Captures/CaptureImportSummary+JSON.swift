import Wire

extension CaptureImportSummary {
    /// The summary as the admin endpoint's JSON body.
    public var json: JSON {
        .object([("files", .int(files)), ("read", .int(read)), ("new", .int(new)),
                 ("unchanged", .int(unchanged)), ("routed", .int(routed))])
    }
}
