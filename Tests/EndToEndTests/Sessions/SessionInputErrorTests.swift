import Testing
import TestSupport
import Wire

/// Every malformed session request is a 400 whose message says what is wrong, creates no
/// session, and leaves the server serving with every session's data intact.
@Suite struct SessionInputErrorTests {
    static let rule = "use 1 to 64 letters, digits, '.', '_' or '-'"

    @Test func badSessionNamesAreRefusedInTheAdminErrorShape() async throws {
        let server = try await SessionsServer()
        _ = try await server.register("kept@maka.im", in: .header("kept"))
        let long = String(repeating: "x", count: 65)
        let cases: [(method: String, target: String, headers: [(String, String)], message: String)] = [
            ("GET", "/app/tagCategories", [("X-Mock-Session", "a b")],
             #"session name "a b" in the X-Mock-Session header is not allowed; "# + Self.rule),
            ("GET", "/app/tagCategories", [("X-Mock-Session", long)],
             #"session name "\#(long)" in the X-Mock-Session header is not allowed; "# + Self.rule),
            ("GET", "/app/tagCategories", [("X-Mock-Session", "")],
             "the session name in the X-Mock-Session header is empty; " + Self.rule),
            ("GET", "/__session/\(long)/app/tagCategories", [],
             #"session name "\#(long)" in the path prefix /__session/NAME/ is not allowed; "# + Self.rule),
            ("GET", "/__session/caf%C3%A9/app/tagCategories", [],
             #"session name "café" in the path prefix /__session/NAME/ is not allowed; "# + Self.rule),
            ("GET", "/__session//app/tagCategories", [],
             "the session name in the path prefix /__session/NAME/ is empty; " + Self.rule),
            ("POST", "/__session/a*b/__admin/reset", [],
             #"session name "a*b" in the path prefix /__session/NAME/ is not allowed; "# + Self.rule),
            ("DELETE", "/__admin/sessions/a%20b", [],
             #"session name "a b" in the path /__admin/sessions/NAME is not allowed; "# + Self.rule),
        ]
        for bad in cases {
            let (status, _, body) = try await server.raw(bad.method, bad.target, headers: bad.headers)
            #expect(status == 400, "\(bad.target)")
            #expect(body == ["error": ["status": 400, "message": .string(bad.message)]], "\(bad.target)")
        }
        try await expectIntact(server)
    }

    @Test func badSessionAdminInputIsA400ThatChangesNothing() async throws {
        let server = try await SessionsServer()
        _ = try await server.register("kept@maka.im", in: .header("kept"))
        let cases: [(method: String, target: String, body: String, message: String)] = [
            ("PUT", "/__admin/sessions/new", "[1", "the body is not JSON: "),
            ("PUT", "/__admin/sessions/new", "[]", #"the body must be an object like {"clientAddresses":["10.0.2.15"]}"#),
            ("PUT", "/__admin/sessions/new", #"{"addresses":[]}"#,
             #"unknown key "addresses" in the body; it takes {"clientAddresses":["10.0.2.15"]}"#),
            ("PUT", "/__admin/sessions/new", #"{"clientAddresses":"10.0.2.15"}"#,
             #""clientAddresses" must be an array like {"clientAddresses":["10.0.2.15"]}"#),
            ("PUT", "/__admin/sessions/new", #"{"clientAddresses":["10.0.2.300"]}"#,
             #"clientAddresses[0] must be an IPv4 or IPv6 address like "10.0.2.15""#),
            ("POST", "/__admin/reset?all=yes", "", #"all "yes" must be true or false"#),
            ("POST", "/__admin/reset?everything=true", "", #"unknown parameter "everything"; POST /__admin/reset takes only all=true"#),
            ("GET", "/__admin/sessions?limit=1", "", #"GET /__admin/sessions takes no parameters (got "limit=1")"#),
        ]
        for bad in cases {
            let (status, _, body) = try await server.raw(bad.method, bad.target, body: bad.body)
            #expect(status == 400, "\(bad.method) \(bad.target) \(bad.body)")
            #expect(body["error"]?["message"]?.stringValue?.hasPrefix(bad.message) == true, "\(body)")
        }
        let (wrongMethod, headers, _) = try await server.raw("POST", "/__admin/sessions/kept")
        #expect(wrongMethod == 405)
        #expect(headers["allow"]?.contains("DELETE") == true)
        try await expectIntact(server)
    }

    /// Only the session made before the bad requests exists, and it still has its account.
    private func expectIntact(_ server: SessionsServer) async throws {
        #expect(try await server.sessionNames() == ["kept"])
        #expect(try await server.loginCode("kept@maka.im", in: .header("kept")) == 200)
        #expect(try await server.hasSeed(in: .defaultSession))
        await server.stop()
    }
}
