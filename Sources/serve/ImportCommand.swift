import APIRoutes
import ArgumentParser
import Foundation

/// `serve import FILE_OR_DIR… [--db PATH]`: imports capture files into the database in one
/// transaction and prints its summary (a totals line, then records per table and refusals per
/// reason); a malformed file fails with a non-zero exit and
/// nothing written.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import HAR (*.har) and capture JSON (*.json) files or directories into the database."
    )

    @Argument(help: ArgumentHelp("Capture files, or directories searched for *.har and *.json.", valueName: "file-or-dir"))
    var paths: [String]

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        do {
            let store = try StoreBootstrap(databasePath: database.path)
            let summary = try store.importer.importPaths(paths, progress: { log($0.line) })
            print(summary.report.joined(separator: "\n"))
        } catch {
            log("import failed, nothing written: \(error)")
            throw ExitCode.failure
        }
    }
}
