import ArgumentParser
import CaptureFormats

/// `--keep-secrets`, shared by `serve` and its `export` and `captures` subcommands as one option
/// group: ArgumentParser hands a group the parent decoded to a subcommand declaring the same
/// group, so the flag works wherever it is written on the command line.
struct SecretsOptions: ParsableArguments {
    @Flag(help: "Write Authorization, Cookie and Set-Cookie values and token/password parameters in clear to --record-dir files, exports, the journal and the access log (masked by default).")
    var keepSecrets = false

    /// The masking these flags ask for.
    var masking: SecretMasking { keepSecrets ? .keepingSecrets : .standard }
}
