import Store

extension Array {
    /// The items of one page of an in-memory list (topics, promotions); empty past the end.
    func window(_ page: YoufanPage) -> [Element] {
        guard page.offset < count else { return [] }
        return Array(self[page.offset..<Swift.min(count, page.offset + page.limit)])
    }
}
