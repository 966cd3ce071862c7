import Testing
@testable import APIRoutes

/// The `Host` values the admin guard lets through without a token: loopback names and IP
/// literals, read over the bytes for ASCII names without a colon. The expected answers are
/// glibc's `inet_pton` (checked with Python's `socket.inet_pton`, which calls it) and the
/// `localhost` rules, the same as the String path gave before the byte path existed.
@Suite struct BrowserOriginTests {
    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8080", "10.0.2.2:80", "0.0.0.0", "255.255.255.255", "1.2.3.0",
        "localhost", "localhost:3000", "LOCALHOST", "LocalHost:1", "a.localhost:1", "x.y.LOCALHOST", ".localhost",
        "[127.0.0.1]:80", "[::1]:8080", "[fe80::1]", "[::ffff:1.2.3.4]", "1.2.3.4:",
    ])
    func loopbackNamesAndAddressesAreAccepted(host: String) {
        #expect(BrowserOrigin.isLoopbackOrAddressHost(host), "\(host)")
    }

    @Test(arguments: [
        "", ":80", "evil.example", "evil.example:8080", "xlocalhost", "localhost.evil.example", "localhostx",
        "01.2.3.4", "1.2.3.04", "00.1.2.3", "256.1.1.1", "1.2.3.4.", "1.2.3.4.5", "1.2.3", "1..2.3", ".1.2.3",
        "1.2.3.4:80:90", "::1", "[abc", "[abc]:80", "ré.localhost.example", "١٢٧.0.0.1",
    ])
    func namesAPageCouldOwnAreRefused(host: String) {
        #expect(!BrowserOrigin.isLoopbackOrAddressHost(host), "\(host)")
    }

    @Test func aNonASCIINameEndingInLocalhostIsStillLoopback() {
        #expect(BrowserOrigin.isLoopbackOrAddressHost("ré.localhost"))
    }
}
