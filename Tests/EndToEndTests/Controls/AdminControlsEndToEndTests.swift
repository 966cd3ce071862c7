import APIRoutes
import Foundation
import Testing
import Wire

/// Runtime rules, the route table, captures and reset through the admin API, and the
/// precedence header > rule > global as a client sees it.
@Suite struct AdminControlsEndToEndTests {
    let fixture: ControlsFixture
    init() async throws {
        let global = GlobalControls(latency: .fixed(milliseconds: 20))
        fixture = try await ControlsFixture(global: global, seed: 3)
    }

    func admin(_ target: String, method: String = "GET", body: String? = nil) async throws -> (Int, JSON) {
        let (response, text) = try await fixture.fetch(target, method: method, body: body)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        return (response.statusCode, try ControlsFixture.json(text))
    }

    func delayHeader(_ target: String, headers: [String: String] = [:]) async throws -> (Int, String?) {
        let (response, _) = try await fixture.fetch(target, headers: headers)
        return (response.statusCode, response.value(forHTTPHeaderField: "X-Mock-Delay"))
    }

    static let rules = #"""
        {"rules":[
          {"id":"slow-probe","method":"GET","path":"/app/probe","latency":"150ms"},
          {"path":"/app/probe/:id","fault":"status:503"},
          {"id":"youfan-action","path":"/mbfun_server/index.php","m":"Probe","a":"broken","fault":"business:7"}
        ]}
        """#

    @Test func headerBeatsRuleBeatsGlobal() async throws {
        let (status, body) = try await admin("/__admin/rules", method: "PUT", body: Self.rules)
        #expect(status == 200)
        #expect(body["rules"]?.arrayValue?.map { $0["id"]?.stringValue } == ["slow-probe", "rule-2", "youfan-action"])
        #expect(try await delayHeader("/app/probe") == (200, "150"))
        #expect(try await delayHeader("/app/probe", headers: ["X-Mock-Delay": "5"]) == (200, "5"))
        #expect(try await delayHeader("/app/other") == (404, "20"))
        #expect(try await delayHeader("/app/probe/9") == (503, "20"))
        #expect(try await delayHeader("/app/probe/9", headers: ["X-Mock-Fault": "none"]) == (200, "20"))
        let (youfan, youfanBody) = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=broken")
        #expect(youfan.statusCode == 200)
        #expect(try ControlsFixture.json(youfanBody)["status"] == 0)
        let (fine, fineBody) = try await fixture.fetch("/mbfun_server/index.php?m=Probe&a=fine")
        #expect(fine.statusCode == 200)
        #expect(try ControlsFixture.json(fineBody)["status"] == 1)
        let (_, journal) = try await admin("/__admin/requests?limit=3")
        #expect(journal["requests"]?.arrayValue?.map { $0["faultSource"]?.stringValue } == [nil, "rule:youfan-action", nil])
    }

    /// A server started without controls skips the decision while none is in force: a rule or
    /// a global setting put at runtime applies from the next request, and stops with its removal.
    @Test func controlsPutOnAServerStartedWithoutAnyApplyAtOnce() async throws {
        let bare = try await ControlsFixture(seed: 3)
        func probe() async throws -> (Int, String?) {
            let (response, _) = try await bare.fetch("/app/probe/9")
            return (response.statusCode, response.value(forHTTPHeaderField: "X-Mock-Fault"))
        }
        #expect(try await probe() == (200, nil))
        let (ruled, _) = try await bare.fetch("/__admin/rules", method: "PUT",
                                             body: #"{"rules":[{"id":"down","path":"/app/probe/:id","fault":"status:503"}]}"#)
        #expect(ruled.statusCode == 200)
        #expect(try await probe() == (503, "status:503"))
        let (globalled, _) = try await bare.fetch("/__admin/rules", method: "PUT", body: #"{"rules":[],"global":{"fault":"status:500"}}"#)
        #expect(globalled.statusCode == 200)
        #expect(try await probe() == (500, "status:500"))
        let (deleted, _) = try await bare.fetch("/__admin/rules", method: "DELETE")
        #expect(deleted.statusCode == 200)
        #expect(try await probe() == (200, nil))
        let (headed, _) = try await bare.fetch("/app/probe/9", headers: ["X-Mock-Fault": "status:502"])
        #expect(headed.statusCode == 502, "a header still decides while nothing else is in force")
    }

    @Test func getShowsAndDeleteRestoresTheStartupSettings() async throws {
        _ = try await admin("/__admin/rules", method: "PUT",
                            body: #"{"rules":[],"global":{"latency":"0-5ms","fault":"reset,status:500","faultRate":0.25}}"#)
        let (_, changed) = try await admin("/__admin/rules")
        #expect(changed["seed"] == "3")
        #expect(changed["global"]?["latency"] == "0-5ms")
        #expect(changed["global"]?["fault"] == "reset,status:500")
        #expect(changed["global"]?["faultRate"] == 0.25)
        let (status, restored) = try await admin("/__admin/rules", method: "DELETE")
        #expect(status == 200)
        #expect(restored["global"]?["latency"] == "20ms")
        #expect(restored["global"]?["fault"] == .null)
        #expect(restored["rules"] == [])
    }

    @Test(arguments: [
        ("{", "the body is not JSON"),
        ("[]", "the body must be an object"),
        (#"{"rulez":[]}"#, "the body has an unknown key \"rulez\""),
        (#"{"rules":{}}"#, "\"rules\" must be an array"),
        (#"{"rules":[{"latency":"5ms"}]}"#, "rules[0] needs a \"path\""),
        (#"{"rules":[{"path":"/app/x"}]}"#, "rules[0]: rule \"rule-1\" sets neither latency nor fault"),
        (#"{"rules":[{"path":"/app/x","latency":"fast"}]}"#, "rules[0]: latency \"fast\" is not understood"),
        (#"{"rules":[{"path":"/app/x","fault":"status:200"}]}"#, "rules[0]: fault \"status:200\": the status must be a number from 400 to 599"),
        (#"{"rules":[{"path":"/app/x","fault":"reset","faultRate":2}]}"#, "rules[0]: fault rate 2.0 must be a number from 0 to 1"),
        (#"{"rules":[{"path":"/app/x","faultRate":0.5}]}"#, "rules[0].faultRate needs a \"fault\""),
        (#"{"rules":[{"path":"/app/x","latency":5}]}"#, "rules[0].latency must be a string"),
        (#"{"rules":[{"path":"/x","latency":"1ms","colour":"red"}]}"#, "rules[0] has an unknown key \"colour\""),
        (#"{"rules":[{"id":"a","path":"/x","latency":"1ms"},{"id":"a","path":"/y","latency":"1ms"}]}"#, "two rules have the id \"a\""),
        (#"{"global":{"latency":"-3ms"}}"#, "global: latency \"-3ms\" is not understood"),
    ])
    func badRulesAreA400AndChangeNothing(body: String, message: String) async throws {
        _ = try await admin("/__admin/rules", method: "PUT", body: Self.rules)
        let (status, error) = try await admin("/__admin/rules", method: "PUT", body: body)
        #expect(status == 400)
        #expect(error["error"]?["message"]?.stringValue?.contains(message) == true, "\(error)")
        let (_, rules) = try await admin("/__admin/rules")
        #expect(rules["rules"]?.arrayValue?.count == 3)
        #expect(try await delayHeader("/app/probe") == (200, "150"))
    }

    @Test func adminRoutesAreNeverDelayedOrFaulted() async throws {
        _ = try await admin("/__admin/rules", method: "PUT",
                            body: #"{"rules":[{"path":"/*","latency":"5s","fault":"reset"}]}"#)
        let (response, _) = try await fixture.fetch("/__admin/rules", headers: ["X-Mock-Fault": "close", "X-Mock-Delay": "5000"], timeout: 2)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Mock-Delay") == nil)
    }

    @Test func routeTableListsControlsAndModules() async throws {
        let (status, body) = try await admin("/__admin/routes")
        #expect(status == 200)
        let rows = try #require(body["routes"]?.arrayValue).map {
            "\($0["owner"]?.stringValue ?? "") \($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "")"
        }
        for expected in ["controls GET /__admin/requests", "controls PUT /__admin/rules", "controls GET /__admin/routes",
                         "controls POST /__admin/reset", "admin GET /__admin/health", "probe GET /app/probe/:id"] {
            #expect(rows.contains(expected), "\(rows)")
        }
    }

    @Test func wrongMethodOnAControlsRouteIsA405WithAllow() async throws {
        let (response, text) = try await fixture.fetch("/__admin/requests", method: "POST", body: "")
        #expect(response.statusCode == 405)
        #expect(response.value(forHTTPHeaderField: "Allow") == "GET, DELETE, HEAD")
        #expect(try ControlsFixture.json(text)["error"]?["message"] == "POST is not allowed on /__admin/requests")
        let (ok, _) = try await admin("/__admin/requests")
        #expect(ok == 200)
    }
}
