// Hummingbird 2 doing what `serve` does in the benchmark: /__admin/health, and GET
// /app/user/:uid read from the same SQLite database (one point query per request).
// Usage: HummingbirdPeer PORT DATABASE
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: HummingbirdPeer PORT DATABASE\n".utf8))
    exit(2)
}
let users = UserStore(path: arguments[2])
let startedAt = Date()
let jsonHeaders: HTTPFields = [.contentType: "application/json; charset=utf-8"]

let router = Router()
router.get("/__admin/health") { _, _ -> Response in
    let uptime = Date().timeIntervalSince(startedAt)
    let body = #"{"status":"ok","version":"0.1.0","uptimeSeconds":\#((uptime * 1000).rounded() / 1000)}"#
    return Response(status: .ok, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(string: body)))
}
router.get("/app/user/:uid") { _, context -> Response in
    guard let uid = context.parameters.get("uid", as: Int.self), let body = users.userJSON(uid: uid) else {
        return Response(status: .notFound, headers: jsonHeaders,
                        body: .init(byteBuffer: ByteBuffer(string: #"{"code":404,"msg":"not found","data":null}"#)))
    }
    return Response(status: .ok, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: body)))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port))
)
try await app.runService()
