import HTTPServer
import Testing
@testable import APIRoutes

@Suite struct MockRuleMatchingTests {
    @Test func pathForms() {
        #expect(MockRule.path("/app/templates", matches: "/app/templates"))
        #expect(!MockRule.path("/app/templates/1", matches: "/app/templates"))
        #expect(MockRule.path("/app/user/17", matches: "/app/user/:uid"))
        #expect(!MockRule.path("/app/user/", matches: "/app/user/:uid"))
        #expect(MockRule.path("/app/anything/at/all", matches: "/app/*"))
        #expect(!MockRule.path("/mbfun_server/index.php", matches: "/app/*"))
    }

    @Test func youfanActionAndMethod() throws {
        let rule = try MockRule(id: "r", method: .GET, path: "/mbfun_server/index.php", module: "Product",
                                action: "getProductDetails", latency: .fixed(milliseconds: 5))
        let facts = RequestFacts(method: .GET, path: "/mbfun_server/index.php", module: "product", action: "getProductDetails")
        #expect(rule.matches(facts))
        var head = facts
        head.method = .HEAD
        #expect(rule.matches(head))
        var post = facts
        post.method = .POST
        #expect(!rule.matches(post))
        var otherAction = facts
        otherAction.action = "getProductConsultList"
        #expect(!rule.matches(otherAction))
    }

    @Test func refusesRulesThatDoNothingOrHaveNoSlash() {
        #expect(throws: ControlSyntaxError.self) { try MockRule(id: "a", path: "/app/*") }
        #expect(throws: ControlSyntaxError.self) { try MockRule(id: "b", path: "app", latency: .fixed(milliseconds: 1)) }
    }
}
