import ArgumentParser

/// The `serve` command: runs the mock server.
@main
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A local mock server for the captured Maka and Youfan mobile-app APIs.",
        subcommands: [ImportCommand.self]
    )

    @OptionGroup var store: StoreOptions

    func run() throws {}
}
