import Foundation
import Testing
import TestSupport
import Wire

/// Sessions last one run, and the journal starts empty at every start unless `--keep-journal`:
/// the `serve` binary started twice on the same database file.
@Suite(.enabled(if: ServeBinary.isBuilt)) struct SessionRestartTests {
    let directory: TemporaryDirectory
    let seeds: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("sessions-restart")
        seeds = try TemporaryDirectory("no-seeds")
    }

    private var database: String { directory.path("mock.sqlite") }

    private func launch(_ flags: [String] = []) async throws -> ServeBinary.Launched {
        try await ServeBinary.launch(["--port", "0", "--quiet", "--db", database, "--seeds", seeds.url.path] + flags)
    }

    private func stop(_ serve: ServeBinary.Launched) async {
        serve.send(signal: SIGTERM)
        #expect(await serve.exitStatus() == 0)
    }

    private func json(_ port: Int, _ method: String, _ target: String, headers: [(String, String)] = []) async throws -> JSON {
        guard case let .response(_, _, body) = try await RawHTTPClient.exchange(port: port, method, target, headers: headers) else {
            throw NoAnswer(request: "\(method) \(target)")
        }
        return try JSON.parse(Array(body.utf8))
    }

    struct NoAnswer: Error { let request: String }

    @Test func sessionsAndTheJournalAreGoneAfterARestartUnlessTheJournalIsKept() async throws {
        let first = try await launch()
        _ = try await json(first.port, "GET", "/app/tagCategories", headers: [("X-Mock-Session", "before")])
        _ = try await json(first.port, "GET", "/app/tagCategories")
        #expect(try await json(first.port, "GET", "/__admin/requests/count")["count"] == 1)
        #expect(try await json(first.port, "GET", "/__admin/sessions")["sessions"]?.arrayValue?.count == 1)
        await stop(first)
        #expect(FileManager.default.fileExists(atPath: database + ".sessions"))
        let marker = database + ".sessions/left-by-the-first-run"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data("x".utf8)))

        let second = try await launch()
        #expect(try await json(second.port, "GET", "/__admin/sessions")["sessions"] == [], "sessions last one run")
        #expect(!FileManager.default.fileExists(atPath: marker), "the earlier run's session files are deleted at start")
        #expect(try await json(second.port, "GET", "/__admin/requests/count")["count"] == 0, "the journal starts empty")
        _ = try await json(second.port, "GET", "/app/tagCategories")
        #expect(try await json(second.port, "GET", "/__admin/requests/count")["count"] == 1, "written before the stop")
        await stop(second)

        let third = try await launch(["--keep-journal"])
        #expect(try await json(third.port, "GET", "/__admin/requests/count")["count"] == 1, "--keep-journal keeps it")
        await stop(third)
    }
}
