import ArgumentParser
import Dispatch
import APIRoutes
import Foundation
import HTTPServer

/// The `serve` command: runs the mock server until SIGINT or SIGTERM.
@main
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A local mock server for the captured Maka and Youfan mobile-app APIs.",
        discussion: Serve.discussion,
        version: MockServerVersion.current,
        subcommands: [ImportCommand.self, ExportCommand.self, CapturesCommand.self]
    )

    @OptionGroup(title: "HTTP server")
    var server: ServerOptions

    @OptionGroup(title: "Store")
    var store: StoreOptions

    @OptionGroup(title: "Mock controls")
    var mock: MockOptions

    @OptionGroup(title: "Sessions")
    var sessions: SessionOptions

    @OptionGroup(title: "Maka")
    var maka: MakaOptions

    @OptionGroup(title: "Admin API")
    var admin: AdminOptions

    @OptionGroup(title: "Secrets")
    var secrets: SecretsOptions

    /// Reads the `MOCK_*` environment variables (EnvironmentArguments) before the command line.
    static func main() {
        AllocatorPolicy.apply()
        do {
            let arguments = try EnvironmentArguments.merged(
                Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
            main(arguments)
        } catch {
            exit(withError: error)
        }
    }

    func run() throws {
        let messages = ServerMessages(format: server.logFormat)
        let shutdownRequest = ShutdownRequest()
        let signals = SignalHandlers(signals: [SIGINT, SIGTERM]) { shutdownRequest.fire() }
        let adminToken = admin.token(listeningOn: server.host)
        let assembly: MockServerAssembly
        do {
            var controls = try mock.controlSettings()
            controls.adminToken = adminToken.token
            let upstream = try mock.upstreamSettings()
            // Forwarding loads libcurl now, so a machine without it says so as serve starts, not
            // at the first forwarded request; a server that forwards nothing never maps it.
            if !upstream.upstreams.isEmpty || upstream.proxy.isEnabled { try UpstreamClientLibrary.load() }
            assembly = try MockServerAssembly(MockServerConfiguration(
                databasePath: store.database.path,
                reset: store.reset,
                seedsDirectory: store.resolveSeedsDirectory(),
                replaySequence: store.replaySequence,
                ignoredParameters: store.ignoredParameterRules(),
                controls: controls,
                upstream: upstream,
                acceptAnyPassword: maka.acceptAnyPassword,
                keepSecrets: secrets.keepSecrets,
                keepJournal: sessions.keepJournal,
                sessions: sessions.settings,
                log: { line in messages.info(line) }))
        } catch {
            messages.error("\(error)")
            throw ExitCode.failure
        }
        var configuration = server.configuration
        configuration.accessLogTarget = assembly.accessLogTarget
        configuration.accessLogBusinessCode = assembly.accessLogBusinessCode
        let httpServer = HTTPServer(
            configuration: configuration,
            responder: assembly.responder,
            errorResponder: MockServerAssembly.errorResponder,
            observer: assembly.controls.rejectionObserver
        )
        let address: SocketAddress
        do {
            address = try httpServer.start()
        } catch {
            messages.error("\(error)")
            throw ExitCode.failure
        }
        var tokenLines: [String] = []
        if adminToken.generated, let token = adminToken.token {
            tokenLines.append("admin token: \(token) (send Authorization: Bearer <token> or X-Mock-Admin-Token to /__admin)")
        }
        messages.listening(on: ListeningAddresses.urls(for: address), extraLines: tokenLines)
        // A queue of its own: the build takes seconds and must not hold one of the few threads
        // of the global queues, which `.blocking` handlers share.
        DispatchQueue(label: "serve.sessions-template", qos: .utility).async {
            [sessions = assembly.sessions, database = assembly.store.database] in
            do {
                try sessions.prepareTemplate()
                // Its copy read every page through the writer, whose cache stayed full of them.
                try database.releaseWriterCache()
            } catch {
                messages.error("cannot build the sessions' seeded template: \(error)")
            }
            // The build (and an import before the start) freed tens of MB the heap still holds.
            AllocatorPolicy.releaseFreeMemory()
        }
        shutdownRequest.onFire { httpServer.shutdown() }
        httpServer.waitUntilStopped()
        // The journal writes in batches; what the last requests recorded is written before exit
        // (a restart with --keep-journal sees them).
        do {
            try assembly.journal.flush()
        } catch {
            messages.error("cannot write the last journal entries: \(error)")
        }
        withExtendedLifetime(signals) {}
    }
}
