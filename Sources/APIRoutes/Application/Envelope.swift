import HTTPServer
import Wire

/// The response bodies the captured clients expect, as ready-to-send responses.
///
/// Business errors travel as HTTP 200 with an error code inside the envelope (API.md §1);
/// HTTP-level errors carry their real status *and* the envelope of the API the path belongs to.
public enum Envelope {
    /// Maka success: `{"code":200,"msg":"ok","data":…}` (lists, with their top-level `page`,
    /// are written by `MakaListBody`).
    public static func maka(data: JSON) -> HTTPResponse {
        .json(JSON.object([("code", 200), ("msg", "ok"), ("data", data)]).encoded())
    }

    /// Maka success with `data` written by `writeData` straight into the body, after the
    /// envelope's opening bytes: the same bytes as `maka(data:)`, with no `JSON` tree between.
    public static func maka(writingData writeData: (inout [UInt8]) throws -> Void) rethrows -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(512)
        body.append(contentsOf: #"{"code":200,"msg":"ok","data":"#.utf8)
        try writeData(&body)
        body.append(UInt8(ascii: "}"))
        return .json(body)
    }

    /// Maka business error: HTTP 200, `{"code":N,"msg":…,"data":null}`.
    public static func makaError(code: Int, message: String) -> HTTPResponse {
        .json(JSON.object([("code", .int(code)), ("msg", .string(message)), ("data", .null)]).encoded())
    }

    /// Youfan success: `{"status":1,"info":"","data":…}`.
    public static func youfan(data: JSON) -> HTTPResponse {
        .json(JSON.object([("status", 1), ("info", ""), ("data", data)]).encoded())
    }

    /// Youfan business error: HTTP 200, `{"status":0,"info":…,"data":null}`.
    public static func youfanError(message: String) -> HTTPResponse {
        .json(JSON.object([("status", 0), ("info", .string(message)), ("data", .null)]).encoded())
    }

    /// An HTTP-level error (404, 405, 400, 413 …) in the envelope of the API that owns `path`.
    /// With no path (the request line never parsed) the plain JSON error is used.
    public static func httpError(status: HTTPStatus, message: String, path: String?) -> HTTPResponse {
        httpError(status: status, message: message, style: path.map(APIStyle.init(path:)) ?? .plain)
    }

    /// An HTTP-level error with its status, in the envelope of `style`.
    public static func httpError(status: HTTPStatus, message: String, style: APIStyle) -> HTTPResponse {
        let body: JSON
        switch style {
        case .maka:
            body = .object([("code", .int(status.code)), ("msg", .string(message)), ("data", .null)])
        case .youfan:
            body = .object([("status", 0), ("info", .string(message)), ("data", .null)])
        case .plain:
            body = .object([("error", .object([("status", .int(status.code)), ("message", .string(message))]))])
        }
        return .json(body.encoded(), status: status)
    }
}
