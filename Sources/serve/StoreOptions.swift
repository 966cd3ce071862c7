import APIRoutes
import ArgumentParser

/// The store and capture flags of `serve`: database, seeds, reset, replay order.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("seeds"), help: ArgumentHelp(
        "Seed captures imported on first start into an empty database (default: the bundled seeds/).",
        valueName: "dir"))
    var seedsDirectory: String?

    @Flag(name: .customLong("reset"), help: "Delete the database file and import the seeds again before starting.")
    var reset = false

    @Flag(name: .customLong("replay-sequence"), help: ArgumentHelp(
        "Repeated identical requests walk through every matching capture in import order (the last repeats) instead of always getting the most recently imported one."))
    var replaySequence = false

    @Option(name: .customLong("ignore-param"), help: ArgumentHelp(
        "Parameters that never count when matching captures (timestamps, nonces, signatures), for every API or under a path prefix: timestamp,sign or /mbfun_server/index.php:_soa (repeatable).",
        valueName: "names"))
    var ignoredParameters: [String] = []

    func validate() throws {
        _ = try ignoredParameterRules()
    }

    /// The `--ignore-param` values, parsed.
    func ignoredParameterRules() throws -> [IgnoredParameter] {
        do {
            return try ignoredParameters.map { text throws(ControlSyntaxError) in try IgnoredParameter(parsing: text) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// `--seeds`, else the bundled seeds directory if one is found. It probes the file system,
    /// so `serve` calls it once and hands the answer to both the seeding and the reseeder.
    func resolveSeedsDirectory() -> String? {
        seedsDirectory ?? SeedsLocator.locate()
    }
}
