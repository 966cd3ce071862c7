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

    /// `--seeds`, else the bundled seeds directory if one is found. It probes the file system,
    /// so `serve` calls it once and hands the answer to both the seeding and the reseeder.
    func resolveSeedsDirectory() -> String? {
        seedsDirectory ?? SeedsLocator.locate()
    }
}
