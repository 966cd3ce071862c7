extension YoufanCollocationRepository {
    /// The distinct texts of the collocations' tags (`tag_list[].text`) that contain `fragment`,
    /// at most `limit`, in the order the newest collocations use them first.
    public func tagNames(containing fragment: String, limit: Int) throws -> [String] {
        try database.read { connection in
            try connection.query("""
                SELECT json_extract(tag.value, '$.text') AS name, max(c.recency) AS newest
                FROM youfan_collocations AS c, json_each(json_extract(c.item, '$.tag_list')) AS tag
                WHERE json_valid(json_extract(c.item, '$.tag_list')) AND json_type(tag.value, '$.text') = 'text'
                  AND instr(json_extract(tag.value, '$.text'), ?) > 0
                GROUP BY name ORDER BY newest DESC, name LIMIT ?
                """, [.text(fragment), SQLValue(limit)]).map { try $0.string("name") }
        }
    }
}
