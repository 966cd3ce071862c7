import Testing
import Wire

/// One way to split a target: absolute URL to origin form, origin form to path and query.
struct TargetSplitTests {
    @Test func splitsATargetAtItsFirstQuestionMark() {
        var target = "/p/a?x=1?y"
        let (path, query) = target.withUTF8 { bytes in
            let parts = TargetSplit.pathAndQuery(0..<bytes.count, in: bytes)
            return (bytes.string(parts.path), parts.query.map { bytes.string($0) })
        }
        #expect(path == "/p/a")
        #expect(query == "x=1?y")
    }

    @Test func absoluteURLsBecomeOriginForm_andOriginFormStaysAsItIs() {
        #expect(TargetSplit.originForm(of: "http://a:1/p?q") == "/p?q")
        #expect(TargetSplit.originForm(of: "http://a:1?q") == "/?q")
        #expect(TargetSplit.originForm(of: "http://a:1") == "/")
        #expect(TargetSplit.originForm(of: "/p") == "/p")
        #expect(TargetSplit.originForm(of: "/go?to=http://b/x") == "/go?to=http://b/x")
    }
}
