import Testing
import TestSupport
import Wire

/// Issue 14, isolated sessions: two test runs in parallel, each in its own session, do
/// conflicting things — the same email registered, events created in the same order — and
/// neither they nor the default session see the other's state.
@Suite struct SessionIsolationTests {
    @Test func twoSessionsRegisterTheSameEmailAndFillTheirAccountsWithoutSeeingEachOther() async throws {
        let server = try await SessionsServer()
        let email = "parallel@maka.im"
        async let first = server.register(email, in: .header("sim-a"))
        async let second = server.register(email, in: .prefix("sim-b"))
        let (a, b) = try await (first, second)

        async let eventsA = makeEvents(["A1"], token: a.token, in: .header("sim-a"), server: server)
        async let eventsB = makeEvents(["B1", "B2"], token: b.token, in: .prefix("sim-b"), server: server)
        let (idsA, idsB) = try await (eventsA, eventsB)

        // The header form and the prefix form reach the same session.
        for route in [SessionsServer.Route.header("sim-a"), .prefix("sim-a")] {
            let mine = try await server.maka("GET", "/app/events", token: a.token, in: route)
            #expect(mine.code == 200, "\(mine.text)")
            #expect(mine.items.compactMap { $0["id"]?.stringValue } == idsA.reversed())
        }
        let theirs = try await server.maka("GET", "/app/events", token: b.token, in: .header("sim-b"))
        #expect(theirs.items.compactMap { $0["id"]?.stringValue } == idsB.reversed())
        #expect(try await server.maka("GET", "/app/events", token: a.token, in: .header("sim-b")).code != 200,
                "sim-a's token means nothing in sim-b")
        #expect(try await server.maka("GET", "/app/events", token: b.token, in: .defaultSession).code != 200,
                "nor in the default session")

        // The default session never saw the account: it can register the email itself.
        #expect(try await server.loginCode(email, in: .defaultSession) != 200)
        #expect(try await server.register(email, in: .defaultSession).uid > 0)
        // Seeded state is in every session.
        #expect(try await server.hasSeed(in: .prefix("sim-b")))

        // Each session has its own journal.
        // sim-a: one event created, its list read twice; sim-b: two created, two lists read.
        #expect(try await server.journalCount(pathPrefix: "/app/event", in: .header("sim-a")) == 3)
        #expect(try await server.journalCount(pathPrefix: "/app/event", in: .prefix("sim-b")) == 4)
        #expect(try await server.journalCount(pathPrefix: "/app/event", in: .defaultSession) == 1)
        #expect(try await server.journalCount(pathPrefix: "/app/user/register", in: .defaultSession) == 1)

        let list = try await server.raw("GET", "/__admin/sessions").json
        let sessions = try #require(list["sessions"]?.arrayValue)
        #expect(sessions.compactMap { $0["name"]?.stringValue } == ["sim-a", "sim-b"])
        for session in sessions {
            #expect((session["databaseBytes"]?.intValue ?? 0) > 0)
            #expect((session["journalEntries"]?.intValue ?? 0) >= 4)
            #expect(session["createdAt"]?.stringValue?.hasSuffix("Z") == true)
            #expect(session["lastUsedAt"]?.stringValue?.hasSuffix("Z") == true)
        }
        #expect(list["maxSessions"] == 32)
        await server.stop()
    }

    @Test func theRequestASessionHandlesCarriesItsNameWhicheverWayItWasChosen() async throws {
        let server = try await SessionsServer()
        _ = try await server.maka("GET", "/app/tagCategories", in: .prefix("by-prefix"))
        let (_, _, journal) = try await server.raw("GET", "/__session/by-prefix/__admin/requests")
        let entry = try #require(journal["requests"]?.arrayValue?.first)
        #expect(entry["path"] == "/app/tagCategories", "the prefix is stripped before routing")
        #expect(entry["target"] == "/app/tagCategories")
        let headers = entry["headers"]?.arrayValue ?? []
        #expect(headers.contains { $0["name"] == "X-Mock-Session" && $0["value"] == "by-prefix" })
        await server.stop()
    }

    /// A base URL ending in `/` joined with `/__session/…` gives `//__session/…`: the same
    /// session, and the journaled target loses the prefix as the path does.
    @Test func aDoubledLeadingSlashStillSelectsTheSession() async throws {
        let server = try await SessionsServer()
        let (status, _, _) = try await server.raw("GET", "//__session/doubled/app/tagCategories")
        #expect(status == 200)
        #expect(try await server.sessionNames() == ["doubled"])
        let (_, _, journal) = try await server.raw("GET", "/__session/doubled/__admin/requests")
        let entry = try #require(journal["requests"]?.arrayValue?.first)
        #expect(entry["path"] == "/app/tagCategories" && entry["target"] == "/app/tagCategories", "\(entry)")
        await server.stop()
    }

    @Test func aClientAddressCanBeAssignedToASession() async throws {
        let server = try await SessionsServer()
        let (status, _, assigned) = try await server.raw(
            "PUT", "/__admin/sessions/pixel", body: #"{"clientAddresses":["127.0.0.1","::1"]}"#)
        #expect(status == 200)
        #expect(assigned["name"] == "pixel")
        #expect(assigned["clientAddresses"] == ["127.0.0.1", "::1"])

        // This test's client is 127.0.0.1: without a header it lands in "pixel".
        _ = try await server.register("emulator@maka.im", in: .defaultSession)
        #expect(try await server.loginCode("emulator@maka.im", in: .header("pixel")) == 200)
        #expect(try await server.journalCount(pathPrefix: "/app/user/register", in: .header("pixel")) == 1)
        // A header still wins over the address.
        #expect(try await server.loginCode("emulator@maka.im", in: .header("other")) != 200)

        #expect(try await server.raw("PUT", "/__admin/sessions/pixel", body: #"{"clientAddresses":[]}"#).status == 200)
        #expect(try await server.loginCode("emulator@maka.im", in: .defaultSession) != 200, "back in the default session")
        await server.stop()
    }

    private func makeEvents(_ titles: [String], token: String, in route: SessionsServer.Route,
                            server: SessionsServer) async throws -> [String] {
        var ids: [String] = []
        for title in titles {
            let reply = try await server.maka("POST", "/app/event", form: [("title", title)], token: token, in: route)
            guard let id = reply.data["id"]?.stringValue else { throw MakaClient.ClientError.unexpected(reply.text) }
            ids.append(id)
        }
        return ids
    }
}
