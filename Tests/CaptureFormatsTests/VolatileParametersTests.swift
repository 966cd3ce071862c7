import CaptureFormats
import Testing

/// Volatile parameters as per-API configuration, and the match key that leaves them out.
struct VolatileParametersTests {
    let youfan: VolatileParameters = [.init(pathPrefix: "/mbfun_server/index.php", names: ["deviceId", "token"])]

    @Test func namesApplyOnlyUnderTheirPathPrefix() {
        #expect(youfan.names(forPath: "/mbfun_server/index.php") == ["deviceId", "token"])
        #expect(youfan.names(forPath: "/app/user/login").isEmpty)
    }

    @Test func theMatchKeyLeavesOutOnlyTheParametersVolatileForItsPath() {
        let shop = CaptureRequest(method: "GET", path: "/mbfun_server/index.php", query: "m=Home&deviceId=A")
        let maka = CaptureRequest(method: "GET", path: "/app/templates", query: "page=1&deviceId=A")
        #expect(CaptureMatchKey(shop, volatileParameters: youfan).canonicalParameters == "m=Home")
        #expect(CaptureMatchKey(maka, volatileParameters: youfan).canonicalParameters == "deviceId=A&page=1")
    }

    @Test func theFingerprintChangesWithTheConfiguration_notWithItsOrder() {
        let two: VolatileParameters = [.init(pathPrefix: "/a", names: ["x", "y"]), .init(pathPrefix: "/b", names: ["z"])]
        let swapped: VolatileParameters = [.init(pathPrefix: "/b", names: ["z"]), .init(pathPrefix: "/a", names: ["y", "x"])]
        #expect(two.fingerprint == swapped.fingerprint)
        #expect(two.fingerprint != youfan.fingerprint)
        #expect(VolatileParameters([]).fingerprint != two.fingerprint)
    }
}
