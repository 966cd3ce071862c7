// Hummingbird 2 doing what `serve` does in the benchmark (bench/perf.sh): /__admin/health,
// GET /app/user/:uid, GET /app/publicEvents and Youfan's Product/getRecommedProductList, read
// from the same SQLite database with the same SQL, answering the same JSON bytes.
// Usage: HummingbirdPeer PORT DATABASE
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: HummingbirdPeer PORT DATABASE\n".utf8))
    exit(2)
}
let connections = ReadConnections(path: arguments[2])
let users = UserStore(connections: connections)
let feed = PublicFeedStore(connections: connections)
let recommended = RecommendedProducts(connections: connections)
let startedAt = Date()
let jsonHeaders: HTTPFields = [.contentType: "application/json; charset=utf-8"]

@Sendable func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(status: status, headers: jsonHeaders, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
}

/// A query parameter, nil when absent or empty (as both APIs read them).
@Sendable func parameter(_ request: Request, _ name: String) -> String? {
    request.uri.queryParameters[Substring(name)].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
}

let router = Router()
router.get("/__admin/health") { _, _ -> Response in
    let uptime = Date().timeIntervalSince(startedAt)
    return json(Array(#"{"status":"ok","version":"0.1.0","uptimeSeconds":\#((uptime * 1000).rounded() / 1000)}"#.utf8))
}
router.get("/app/user/:uid") { _, context -> Response in
    guard let uid = context.parameters.get("uid", as: Int.self), let body = users.userJSON(uid: uid) else {
        return json(Array(#"{"code":404,"msg":"not found","data":null}"#.utf8), status: .notFound)
    }
    return json(body)
}
router.get("/app/publicEvents") { request, _ -> Response in
    guard let index = Int(parameter(request, "page") ?? "1"), let size = Int(parameter(request, "pageSize") ?? "20"),
          (1...999_999_999).contains(index), (1...100).contains(size) else {
        return json(Array(#"{"code":422,"msg":"invalid paging","data":null}"#.utf8))
    }
    return json(feed.pageJSON(index: index, size: size))
}
router.get("/mbfun_server/index.php") { request, _ -> Response in
    guard parameter(request, "m") == "Product", parameter(request, "a") == "getRecommedProductList" else {
        return json(Array(#"{"status":0,"info":"not in the benchmark","data":null}"#.utf8), status: .notFound)
    }
    let index = max(RecommendedProducts.intval(parameter(request, "page")) ?? 0, 0)
    let asked = RecommendedProducts.intval(parameter(request, "num")) ?? 20
    let size = asked < 1 ? 20 : min(asked, 100)
    return json(recommended.pageJSON(cid: RecommendedProducts.intval(parameter(request, "cid")), index: index, size: size))
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port))
)
try await app.runService()
