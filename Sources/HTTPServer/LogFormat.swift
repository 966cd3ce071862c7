/// How the access log and the server's own messages are written: `text` for people (one line
/// per request, nginx-like), `json` for log collectors (one JSON object per line, stable keys;
/// docs/api.md, "Logging").
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}
