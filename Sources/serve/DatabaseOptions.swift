import ArgumentParser

/// `--db PATH`: where the SQLite database lives; shared by `serve` and `serve import`.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The SQLite database file, created if missing; ':memory:' keeps everything in memory.",
        valueName: "path"))
    var path: String = "./mock.sqlite"
}
