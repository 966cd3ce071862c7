import Testing
import APIRoutes

/// Publishes racing each other over many connections still leave dense sequences: every event
/// listed exactly once, globally and within its tag, newest first.
@Suite struct MakaConcurrentPublishTests {
    @Test func concurrentPublishesKeepTheFeedDense() async throws {
        let server = try await MakaTestServer(seeded: true)
        let client = MakaClient(server: server)
        var drafts: [(id: String, token: String)] = []
        for user in 0..<4 {
            let account = try await client.register("racer\(user)@maka.im")
            for number in 0..<10 {
                let id = try await client.createEvent("并发 \(user)-\(number)", token: account.token,
                                                      extra: [("tagId", "\(1 + number % 3)")])
                drafts.append((id, account.token))
            }
        }
        let base = server.baseURL
        let outcomes = try await withThrowingTaskGroup(of: Int?.self) { group in
            for draft in drafts {
                group.addTask {
                    try await MakaClient.send(baseURL: base, "POST", "/app/event/\(draft.id)", token: draft.token).code
                }
            }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == 200 })

        let all = try await client.get("/app/publicEvents?pageSize=100&page=1")
        #expect(all.page?["total"]?.intValue == 191)
        let newest = Set(all.items.prefix(40).compactMap { $0["id"]?.stringValue })
        #expect(newest == Set(drafts.map(\.id)), "the 40 new events are the 40 newest")
        let rest = try await client.get("/app/publicEvents?pageSize=100&page=2")
        let ids = all.items.compactMap { $0["id"]?.stringValue } + rest.items.compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 191)
        #expect(Set(ids).count == 191)

        for tag in 1...3 {
            let listed = try await client.get("/app/publicEvents?tagId=\(tag)&pageSize=100")
            let tagIds = listed.items.compactMap { $0["id"]?.stringValue }
            #expect(tagIds.count == listed.page?["total"]?.intValue)
            #expect(Set(tagIds).count == tagIds.count)
        }
    }
}
