import ArgumentParser
import Dispatch
import Foundation
import HTTPServer

/// The `serve` command: runs the mock server until SIGINT or SIGTERM.
@main
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A local mock server for the captured Maka and Youfan mobile-app APIs.",
        version: ServeVersion.current,
        subcommands: [ImportCommand.self]
    )

    @OptionGroup(title: "HTTP server")
    var server: ServerOptions

    @OptionGroup(title: "Store")
    var store: StoreOptions

    func run() throws {
        let startedAt = Date()
        let shutdownRequest = ShutdownRequest()
        let signals = SignalHandlers(signals: [SIGINT, SIGTERM]) { shutdownRequest.fire() }
        var router = Router()
        router.addHealthRoute(startedAt: startedAt)
        let httpServer = HTTPServer(configuration: server.configuration, responder: router)
        let address: SocketAddress
        do {
            address = try httpServer.start()
        } catch {
            FileHandle.standardError.write(Data("serve: \(error)\n".utf8))
            throw ExitCode.failure
        }
        // Unbuffered, straight to fd 1: whoever waits for this line sees it at once.
        FileHandle.standardOutput.write(Data("listening on \(address.url)\n".utf8))
        shutdownRequest.onFire { httpServer.shutdown() }
        httpServer.waitUntilStopped()
        withExtendedLifetime(signals) {}
    }
}
