@testable import APIRoutes
import Testing

/// The business code the access log shows: the first member of the envelopes the mock writes,
/// nothing for bodies that do not start with one.
struct BusinessCodeTests {
    private func code(_ body: String) -> String? {
        let bytes = Array(body.utf8)
        return BusinessCode.read(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func readsTheEnvelopesOfBothAPIs() {
        #expect(code(#"{"code":200,"msg":"ok","data":[]}"#) == "200")
        #expect(code(#"{"code":40001,"msg":"token expired","data":null}"#) == "40001")
        #expect(code(#"{"status":-100,"info":"参数错误","data":null}"#) == "-100")
        #expect(code(#"{"isSuccess":1,"message":"","total":0,"results":[]}"#) == "1")
        #expect(code(#"{"isSuccess":"1","message":"M2026"}"#) == "1")
        #expect(code(#"{"isSuccess":true,"message":""}"#) == "true")
    }

    @Test func toleratesWhitespaceOfReplayedBodies() {
        #expect(code("{\n  \"status\" : 1,\n  \"data\": {}\n}") == "1")
        #expect(code(#"  {"code":0}"#) == "0")
    }

    @Test func logsNothingForOtherBodies() {
        #expect(code("") == nil)
        #expect(code("[1,2]") == nil)
        #expect(code(#"{"data":{"code":200}}"#) == nil, "only the first member")
        #expect(code(#"{"code":null}"#) == nil)
        #expect(code(#"{"code":"a\"b"}"#) == nil, "escaped strings are not codes")
        #expect(code(#"{"status":""# + String(repeating: "x", count: 40) + #""}"#) == nil, "too long")
        #expect(code(#"{"code":{"x":1}}"#) == nil)
        #expect(code(#"{"codes":1}"#) == nil)
        #expect(code(#"{"statuses":1,"data":null}"#) == nil, "a longer key sharing the first eight bytes")
        #expect(code(#"{"isSuccessful":1,"data":null}"#) == nil, "a longer key sharing the first eight bytes")
        #expect(code(#"{"code""#) == nil)
        #expect(code(#"{"code":12"#) == "12", "a cut body still shows its code")
    }
}
