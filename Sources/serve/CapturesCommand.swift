import APIRoutes
import ArgumentParser
import Foundation
import Store
import Wire

/// `serve captures list|show|delete`: the capture admin routes for a database on disk, with no
/// server running.
struct CapturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captures",
        abstract: "List, show or delete the stored captures.",
        subcommands: [List.self, Show.self, Delete.self]
    )

    /// `serve captures list [filters] [--limit N] [--offset N] [--json]`: newest first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the stored captures, newest first.")

        @OptionGroup var filters: CaptureFilterOptions
        @Option(help: "At most this many.") var limit = 100
        @Option(help: "Skip this many first.") var offset = 0
        @Flag(help: "Print the JSON of GET /__admin/captures instead of one line per capture.") var json = false
        @OptionGroup var secrets: SecretsOptions
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
            guard offset >= 0 else { throw ValidationError("--offset must not be negative") }
        }

        func run() throws {
            let masking = secrets.masking
            let page = try CapturesCommand.open(database).page(matching: filters.filter, limit: limit, offset: offset)
            if json {
                let captures = page.captures.map { $0.summaryJSON(addedSinceStart: nil, masking: masking) }
                print(JSON.object([("total", .int(page.total)), ("captures", .array(captures))]).encodedString())
                return
            }
            for capture in page.captures {
                print("\(capture.id)\t\(capture.method) \(masking.target(capture.url))\t\(capture.status)\t\(capture.body.count)B\t\(capture.source)")
            }
            print("\(page.captures.count) of \(page.total) captures")
        }
    }

    /// `serve captures show ID`: the JSON of `GET /__admin/captures/{id}`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one capture in full (secrets masked).")

        @Argument(help: "The capture's id (see list).") var id: Int64
        @OptionGroup var secrets: SecretsOptions
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            guard let stored = try CapturesCommand.open(database).record(id: id) else {
                FileHandle.standardError.write(Data("no capture \(id)\n".utf8))
                throw ExitCode.failure
            }
            print(stored.detailJSON(addedSinceStart: nil, masking: secrets.masking).encodedString())
        }
    }

    /// `serve captures delete ID…` or `serve captures delete FILTERS` (`--all` for every capture).
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete captures by id, or every capture matching the filters (--all: every capture).")

        @Argument(help: "Ids of captures to delete.") var ids: [Int64] = []
        @OptionGroup var filters: CaptureFilterOptions
        @Flag(help: "Delete every capture.") var all = false
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            let ways = [!ids.isEmpty, !filters.isEmpty, all].filter { $0 }.count
            guard ways == 1 else { throw ValidationError("give capture ids, filters, or --all (one of them)") }
        }

        func run() throws {
            let repository = try CapturesCommand.open(database)
            var deleted = 0
            if ids.isEmpty {
                deleted = try repository.delete(matching: filters.filter)
            } else {
                for id in ids where try repository.delete(id: id) { deleted += 1 }
            }
            print("deleted \(deleted) capture\(deleted == 1 ? "" : "s")")
            if deleted < ids.count {
                FileHandle.standardError.write(Data("\(ids.count - deleted) of the ids given were not stored\n".utf8))
                throw ExitCode.failure
            }
        }
    }

    /// The capture store of `--db`, opened (and migrated) as the server opens it.
    static func open(_ database: DatabaseOptions) throws -> CaptureRepository {
        try StoreBootstrap(databasePath: database.path).captures
    }
}
