import ArgumentParser
import Foundation

/// The admin API's flag: its token. Used by `serve` through `@OptionGroup`.
struct AdminOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Require this token on every /__admin request (Authorization: Bearer <token> or X-Mock-Admin-Token). Without it, one is generated and printed when --host is not loopback.",
        valueName: "token"))
    var adminToken: String?

    func validate() throws {
        if let adminToken, adminToken.trimmingCharacters(in: .whitespaces).isEmpty || adminToken.contains(where: \.isNewline) {
            throw ValidationError("--admin-token must not be empty or contain line breaks")
        }
    }

    /// The token the admin API requires when listening on `host`: the given one, else a new one
    /// (`generated`) when `host` is reachable beyond this machine, else none.
    func token(listeningOn host: String) -> (token: String?, generated: Bool) {
        if let adminToken { return (adminToken.trimmingCharacters(in: .whitespaces), false) }
        guard !LoopbackHost.contains(host) else { return (nil, false) }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return (bytes.map { String(format: "%02x", $0) }.joined(), true)
    }
}
