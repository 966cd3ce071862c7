import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 14: a session's reset, drop, eviction at `--max-sessions`, expiry after
/// `--session-idle-timeout`, and the 503 when every slot is busy.
@Suite struct SessionLifecycleTests {
    @Test func resettingOneSessionLeavesTheOtherAndTheDefaultIntact() async throws {
        let server = try await SessionsServer()
        _ = try await server.register("a@maka.im", in: .header("a"))
        _ = try await server.register("b@maka.im", in: .header("b"))
        _ = try await server.register("d@maka.im", in: .defaultSession)
        _ = try await server.raw("PUT", "/__admin/rules", headers: [("X-Mock-Session", "a")],
                                 body: #"{"rules":[{"path":"/app/tagCategories","fault":"status:500"}]}"#)

        #expect(try await server.raw("DELETE", "/__admin/captures/1", headers: [("X-Mock-Session", "a")]).status == 200)
        #expect(try await server.hasSeed(in: .header("a")) == false)
        #expect(try await server.hasSeed(in: .header("b")), "a seed deleted in a is still in b")

        let (status, _, reset) = try await server.raw("POST", "/__admin/reset", headers: [("X-Mock-Session", "a")])
        #expect(status == 200)
        #expect(reset["journalCleared"] == 2, "the register and the seed's 404; admin requests are never journaled")
        #expect(reset["reseeded"]?["capturesRemoved"] == 0)
        #expect(reset["reseeded"]?["capturesRestored"] == 1)
        #expect(try await server.loginCode("a@maka.im", in: .header("a")) != 200, "a's account is gone")
        #expect(try await server.hasSeed(in: .header("a")), "the seeds are back")
        #expect(try await server.maka("GET", "/app/tagCategories", in: .header("a")).status == 200, "a's rules are dropped")
        #expect(try await server.loginCode("b@maka.im", in: .header("b")) == 200)
        #expect(try await server.loginCode("d@maka.im", in: .defaultSession) == 200)
        #expect(try await server.journalCount(pathPrefix: "/app/user/register", in: .header("b")) == 1)
        #expect(try await server.journalCount(pathPrefix: "/app/user/register", in: .defaultSession) == 1)

        let (allStatus, _, all) = try await server.raw("POST", "/__admin/reset?all=true")
        #expect(allStatus == 200)
        #expect(all["sessions"]?.arrayValue?.map { $0["session"] } == [.null, "a", "b"])
        #expect(all["sessions"]?.arrayValue?.allSatisfy { $0["status"] == 200 } == true)
        #expect(try await server.loginCode("b@maka.im", in: .header("b")) != 200)
        #expect(try await server.loginCode("d@maka.im", in: .defaultSession) != 200)
        #expect(try await server.journalCount(pathPrefix: "/app/", in: .defaultSession) == 1, "only the login just sent")
        await server.stop()
    }

    @Test func aDroppedSessionIsGoneWithItsFilesAndItsNextUseStartsFromTheSeeds() async throws {
        let server = try await SessionsServer()
        _ = try await server.register("dropped@maka.im", in: .prefix("gone"))
        let file = try #require(try await server.raw("GET", "/__admin/sessions/gone").json["databasePath"]?.stringValue)
        #expect(file.hasPrefix(server.sessionsDirectory + "/"))
        #expect(FileManager.default.fileExists(atPath: file))

        let (status, _, dropped) = try await server.raw("DELETE", "/__admin/sessions/gone")
        #expect(status == 200)
        #expect(dropped["dropped"] == "gone")
        #expect(!FileManager.default.fileExists(atPath: file), "its file is deleted")
        #expect(try await server.sessionNames() == [])
        let (again, _, missing) = try await server.raw("DELETE", "/__admin/sessions/gone")
        #expect(again == 404)
        #expect(missing["error"]?["message"] == #"no session "gone"; GET /__admin/sessions lists them"#)
        #expect(try await server.raw("GET", "/__admin/sessions/gone").status == 404)

        #expect(try await server.loginCode("dropped@maka.im", in: .prefix("gone")) != 200, "a fresh session")
        #expect(try await server.hasSeed(in: .prefix("gone")))
        #expect(try await server.register("dropped@maka.im", in: .prefix("gone")).uid > 0)
        #expect(try await server.sessionNames() == ["gone"])
        await server.stop()
    }

    @Test func theLeastRecentlyUsedSessionMakesRoomAtTheBound() async throws {
        let server = try await SessionsServer(sessions: SessionSettings(maxSessions: 2))
        _ = try await server.register("one@maka.im", in: .header("s1"))
        _ = try await server.register("two@maka.im", in: .header("s2"))
        #expect(try await server.loginCode("one@maka.im", in: .header("s1")) == 200, "s1 is now the most recent")
        let evicted = try #require(try await server.raw("GET", "/__admin/sessions/s2").json["databasePath"]?.stringValue)
        _ = try await server.register("three@maka.im", in: .header("s3"))
        #expect(try await server.sessionNames() == ["s1", "s3"])
        #expect(!FileManager.default.fileExists(atPath: evicted), "the evicted session's file is deleted")
        #expect(try await server.loginCode("one@maka.im", in: .header("s1")) == 200)
        #expect(try await server.loginCode("two@maka.im", in: .header("s2")) != 200, "s2 was evicted: it starts afresh")
        await server.stop()
    }

    @Test func anUnusedSessionExpiresAfterTheIdleTimeout() async throws {
        let server = try await SessionsServer(sessions: SessionSettings(idleTimeout: 0.5))
        _ = try await server.register("idle@maka.im", in: .header("idle"))
        try await Task.sleep(for: .seconds(1))
        #expect(try await server.sessionNames() == [])
        #expect(try await server.loginCode("idle@maka.im", in: .header("idle")) != 200)
        await server.stop()
    }

    @Test func whenEverySessionIsBusyANewOneIsA503InThePathsEnvelope() async throws {
        let silent = try ScriptedTCPServer(.silent)
        let upstream = UpstreamSettings(upstreams: [try Upstream(parsing: "http://127.0.0.1:\(silent.port)")], timeout: 60)
        let server = try await SessionsServer(sessions: SessionSettings(maxSessions: 1), upstream: upstream)
        // A path nothing answers goes to the silent upstream and stays in flight for 60 s: with the
        // whole suite running on two cores, 20 s once passed between the check below and the next
        // request, the held request had timed out, and the late session found room.
        async let held = server.raw("GET", "/app/never-answered", headers: [("X-Mock-Session", "busy")], timeout: 90)
        #expect(try await waitUntil { try await server.raw("GET", "/__admin/sessions/busy").json["requestsInFlight"] == 1 })

        let (status, headers, refusal) = try await server.raw("GET", "/app/tagCategories", headers: [("X-Mock-Session", "late")])
        #expect(status == 503)
        #expect(headers["retry-after"] == "1")
        #expect(refusal["code"] == 503)
        #expect(refusal["msg"] == "all 1 sessions are busy (--max-sessions); retry, or DELETE /__admin/sessions/NAME")
        #expect(try await held.status == 504)
        #expect(try await server.maka("GET", "/app/tagCategories", in: .header("late")).status == 200, "room again")
        #expect(try await server.sessionNames() == ["late"])
        await server.stop()
        silent.stop()
    }

    /// Whether `condition` came true within about 8 s.
    @Test func aResponseHeldForItsDelayKeepsItsSessionInFlight() async throws {
        let server = try await SessionsServer(sessions: SessionSettings(maxSessions: 1))
        // Answered at once by the module, then held by the server for 25 s (room for a loaded machine).
        async let held = server.raw("GET", "/app/tagCategories", headers: [("X-Mock-Session", "slow"), ("X-Mock-Delay", "25000")])
        #expect(try await waitUntil { try await server.raw("GET", "/__admin/sessions/slow").json["requestsInFlight"] == 1 })

        let (status, _, refusal) = try await server.raw("GET", "/app/tagCategories", headers: [("X-Mock-Session", "late")])
        #expect(status == 503, "the delayed answer is not sent yet: slow is busy, not evicted")
        #expect(refusal["msg"] == "all 1 sessions are busy (--max-sessions); retry, or DELETE /__admin/sessions/NAME")
        _ = try? await held   // sent after 25 s, or given up by the client at 30 s: the delay is over either way
        #expect(try await waitUntil { try await server.raw("GET", "/__admin/sessions/slow").json["requestsInFlight"] == 0 })
        #expect(try await server.maka("GET", "/app/tagCategories", in: .header("late")).status == 200, "room once it was sent")
        await server.stop()
    }

    @Test func theRouteListShowsTheSessionsRoutesInEverySession() async throws {
        let server = try await SessionsServer()
        for headers in [[], [("X-Mock-Session", "listed")]] {
            let (status, _, json) = try await server.raw("GET", "/__admin/routes", headers: headers)
            #expect(status == 200)
            let rows = (json["routes"]?.arrayValue ?? []).map { row in
                [row["owner"], row["method"], row["path"]].map { $0?.stringValue ?? "?" }.joined(separator: " ")
            }
            for expected in ["sessions GET /__admin/sessions", "sessions PUT /__admin/sessions/:name",
                             "sessions DELETE /__admin/sessions/:name", "controls GET /__admin/routes"] {
                #expect(rows.contains(expected), "\(expected) in \(rows.prefix(8))")
            }
        }
        await server.stop()
    }

    private func waitUntil(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<320 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(25))
        }
        return false
    }
}
