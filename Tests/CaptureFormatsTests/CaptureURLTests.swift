import Testing
@testable import CaptureFormats

/// Captured URLs split by the server's rules for request targets.
struct CaptureURLTests {
    @Test func absoluteAndOriginFormURLsGiveTheSamePathAndQuery() {
        for url in ["https://api.example.com/a%20b/c?x=1&y=%E6%9C%89#frag", "/a%20b/c?x=1&y=%E6%9C%89"] {
            let target = CaptureURL(url)
            #expect(target.path == "/a b/c")
            #expect(target.query == "x=1&y=%E6%9C%89")
        }
    }

    @Test func aURLInsideTheQueryIsNotTakenForTheAuthority() {
        let target = CaptureURL("/go?to=http://b/x")
        #expect(target.path == "/go")
        #expect(target.query == "to=http://b/x")
    }

    @Test func aPathTheServerWouldRefuseIsKeptAsWritten() {
        #expect(CaptureURL("/a%00b").path == "/a%00b")
        #expect(CaptureURL("/a%zz").path == "/a%zz")
        #expect(CaptureURL("http://h").path == "/")
    }
}
