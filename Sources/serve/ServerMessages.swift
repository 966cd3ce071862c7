import Foundation
import HTTPServer
import Wire

/// The server's own messages (start, seeds, warnings, errors) in the chosen `LogFormat`: as
/// plain lines, or one JSON object per line `{"time","level","message"}` (plus `url` on a
/// listening line). Listening lines go to standard output, unbuffered, so whoever waits for the
/// first one sees it at once; everything else goes to standard error.
struct ServerMessages: Sendable {
    let format: LogFormat

    /// `listening on URL`, one line per address.
    func listening(on urls: [String], extraLines: [String]) {
        var lines = urls.map { line("info", "listening on \($0)", [("url", .string($0))]) }
        lines += extraLines.map { line("info", $0, []) }
        FileHandle.standardOutput.write(Data(lines.joined().utf8))
    }

    func info(_ message: String) {
        FileHandle.standardError.write(Data(line("info", message, []).utf8))
    }

    /// A failure, as `serve: …` in text.
    func error(_ message: String) {
        FileHandle.standardError.write(Data(line("error", format == .text ? "serve: \(message)" : message, []).utf8))
    }

    private func line(_ level: String, _ message: String, _ extra: [(String, JSON)]) -> String {
        switch format {
        case .text:
            return message + "\n"
        case .json:
            let time = Date().ISO8601Format()
            let members: [(String, JSON)] = [("time", .string(time)), ("level", .string(level)), ("message", .string(message))]
            return JSON.object(members + extra).encodedString() + "\n"
        }
    }
}
