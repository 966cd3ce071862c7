// Hummingbird 2 serving what `serve` serves in the benchmark: /__admin/health and one small
// JSON route with the same bytes. Usage: HummingbirdPeer PORT JSON_ROUTE JSON_FILE
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: HummingbirdPeer PORT JSON_ROUTE JSON_FILE\n".utf8))
    exit(2)
}
let jsonRoute = arguments[2]
let jsonBody = try Data(contentsOf: URL(fileURLWithPath: arguments[3]))
let startedAt = Date()
let jsonHeaders: HTTPFields = [.contentType: "application/json; charset=utf-8"]

let router = Router()
router.get("/__admin/health") { _, _ -> Response in
    let uptime = Int(Date().timeIntervalSince(startedAt))
    let body = #"{"status":"ok","version":"0.1.0","uptimeSeconds":\#(uptime)}"#
    return Response(status: .ok, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(string: body)))
}
router.get(RouterPath(jsonRoute)) { _, _ -> Response in
    Response(status: .ok, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: jsonBody)))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port))
)
try await app.runService()
