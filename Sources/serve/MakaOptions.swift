import ArgumentParser

/// The Maka flags of `serve`.
struct MakaOptions: ParsableArguments {
    @Flag(name: .customLong("accept-any-password"), help: ArgumentHelp(
        "Maka login accepts any password for a known account, for clients that encrypt the password with a key the mock does not know (off by default)."))
    var acceptAnyPassword = false
}
