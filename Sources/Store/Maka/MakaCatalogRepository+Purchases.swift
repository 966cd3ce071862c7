extension MakaCatalogRepository {
    /// Whether `uid` has bought the template (`maka_purchases`; filled from captured
    /// `buyTemplate/status` answers, WIRE.md §4.5).
    public func hasBought(_ templateId: String, uid: Int64) throws -> Bool {
        try database.read { connection in
            try connection.queryFirst("SELECT 1 FROM maka_purchases WHERE uid = ? AND template_id = ?",
                                      [.integer(uid), .text(templateId)]) != nil
        }
    }
}
