import APIRoutes
import ArgumentParser
import Foundation

/// `serve export [--output FILE] [filters] [--db PATH]`: the stored captures as a HAR 1.2
/// document, secrets masked unless `--keep-secrets`, for Charles, Proxyman, a browser or
/// `serve import`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the stored captures as a HAR 1.2 file (secrets masked)."
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Scheme and host for captured URLs that have none (/app/x).", valueName: "url"))
    var origin = "http://localhost"

    @OptionGroup var secrets: SecretsOptions

    @OptionGroup var filters: CaptureFilterOptions
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        do {
            let store = try StoreBootstrap(databasePath: database.path)
            let export = CaptureExport(repository: store.captures, masking: secrets.masking)
            let document = Data(try export.har(matching: filters.filter, origin: origin))
            if let output {
                try document.write(to: URL(fileURLWithPath: output), options: .atomic)
                FileHandle.standardError.write(Data("exported to \(output)\n".utf8))
            } else {
                FileHandle.standardOutput.write(document)
            }
        } catch {
            FileHandle.standardError.write(Data("export failed: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
