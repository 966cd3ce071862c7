/// Which API a path belongs to, and so which envelope its errors are written in.
public enum APIStyle: Sendable, Equatable {
    /// Maka, under `/app/` (and QT's `/api/storeTemplates`): `{"code":N,"msg":…,"data":…}`.
    case maka
    /// Youfan's front controllers: `{"status":0|1,"info":…,"data":…}`.
    case youfan
    /// Anything else (admin routes, unknown paths): `{"error":{"status":…,"message":…}}`.
    case plain

    /// The style of a request path (percent-decoded, as `HTTPRequest.path`).
    public init(path: String) {
        if path == "/app" || path.hasPrefix("/app/") || path.hasPrefix("/api/storeTemplate") {
            self = .maka
        } else if path.hasPrefix("/mbfun_server/") || path.hasPrefix("/mbfun_config_server/") {
            self = .youfan
        } else {
            self = .plain
        }
    }
}
