import APIRoutes
import Foundation
import Testing
import TestSupport
import Wire

/// Issue 12: `POST /__admin/reset` returns to the captures the server started with, so a capture
/// of a `serve import`ed file deleted at runtime comes back — however soon after the start it
/// was deleted (before the seeded template a reset copies from was built, or after).
@Suite struct ResetImportedCapturesTests {
    static let importedFile = """
        [{"request": {"method": "GET", "url": "/app/imported?page=1"},
          "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"code": 200, "data": "imported"}}},
         {"request": {"method": "GET", "url": "/app/kept"}, "response": {"status": 200, "body": "kept"}}]
        """

    /// `serve import FILE` into a fresh database, then the server started over it.
    func serverOverImportedFile(in directory: TemporaryDirectory) async throws -> AssembledServer {
        let file = directory.url.appendingPathComponent("imported.json")
        try Data(Self.importedFile.utf8).write(to: file)
        let databasePath = directory.path("mock.sqlite")
        let imported = try await DedicatedThread.run {
            try StoreBootstrap(databasePath: databasePath).importer.importPaths([file.path], progress: nil).new
        }
        #expect(imported == 2)
        return try await AssembledServer.start(MockServerConfiguration(databasePath: databasePath),
                                               modules: { _ in [ProbeModule()] })
    }

    func exchange(_ server: AssembledServer, _ method: String, _ target: String) async throws -> (Int, String) {
        let outcome = try await RawHTTPClient.exchange(port: server.port, method, target)
        guard case .response(let status, _, let body) = outcome else { return (-1, "\(outcome)") }
        return (status, body)
    }

    @Test func aDeletedImportedCaptureComesBackAtReset() async throws {
        let directory = try TemporaryDirectory("reset-imported")
        let server = try await serverOverImportedFile(in: directory)
        #expect(try await exchange(server, "GET", "/app/imported?page=1").0 == 200)

        // Deleted at once: before anything built the state a reset returns to.
        #expect(try await exchange(server, "DELETE", "/__admin/captures/1") == (200, #"{"deleted":1}"#))
        #expect(try await exchange(server, "GET", "/app/imported?page=1").0 == 404)
        let (status, body) = try await exchange(server, "POST", "/__admin/reset")
        #expect(status == 200)
        #expect(try JSON.parse(body)["reseeded"]?["capturesRestored"] == 1, "\(body)")
        #expect(try await exchange(server, "GET", "/app/imported?page=1") == (200, #"{"code":200,"data":"imported"}"#))

        // Deleted again, now that the reset state exists: the same answer.
        let (_, listed) = try await exchange(server, "GET", "/__admin/captures?pathPrefix=/app/imported")
        let id = try JSON.parse(listed)["captures"]?.arrayValue?.first?["id"]?.intValue ?? 0
        #expect(try await exchange(server, "DELETE", "/__admin/captures/\(id)").0 == 200)
        #expect(try await exchange(server, "DELETE", "/__admin/captures?pathPrefix=/app/kept") == (200, #"{"deleted":1}"#))
        #expect(try await exchange(server, "POST", "/__admin/reset").0 == 200)
        #expect(try await exchange(server, "GET", "/app/imported?page=1").0 == 200)
        #expect(try await exchange(server, "GET", "/app/kept") == (200, "kept"))
        #expect(try JSON.parse(try await exchange(server, "GET", "/__admin/captures").1)["total"] == 2)
        await server.stop()
    }
}
