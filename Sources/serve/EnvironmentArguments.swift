import ArgumentParser

/// Every `serve` flag also read from an environment variable, the way container and CI setups
/// configure a server: `--port` from `MOCK_PORT`, `--max-body-bytes` from `MOCK_MAX_BODY_BYTES`.
/// A flag on the command line wins over its variable; an empty variable counts as unset.
/// Boolean flags take `1/true/yes/on` or `0/false/no/off`; repeatable options take several
/// values separated by spaces (`MOCK_UPSTREAM="http://a http://b"`).
///
/// The variables become ordinary arguments before ArgumentParser reads the command line, so they
/// are validated, and refused, exactly as the flags are.
enum EnvironmentArguments {
    /// How a flag takes its value.
    enum Kind: Equatable {
        case option
        case repeatable
        case flag
        /// `--name` / `--no-name`.
        case invertibleFlag
    }

    /// One flag and its variable.
    struct Setting: Equatable {
        let name: String
        let kind: Kind
        var variable: String { "MOCK_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
    }

    /// The flags of `serve` itself (EnvironmentTests checks this list against `--help`).
    static let serveSettings: [Setting] = [
        .init(name: "host", kind: .option), .init(name: "port", kind: .option),
        .init(name: "max-request-line-bytes", kind: .option), .init(name: "max-header-bytes", kind: .option),
        .init(name: "max-header-count", kind: .option), .init(name: "max-body-bytes", kind: .option),
        .init(name: "max-buffered-body-bytes", kind: .option), .init(name: "header-timeout", kind: .option),
        .init(name: "idle-timeout", kind: .option), .init(name: "shutdown-deadline", kind: .option),
        .init(name: "event-loops", kind: .option), .init(name: "quiet", kind: .flag),
        .init(name: "log-format", kind: .option),
        .init(name: "db", kind: .option), .init(name: "seeds", kind: .option), .init(name: "reset", kind: .flag),
        .init(name: "replay-sequence", kind: .flag), .init(name: "ignore-param", kind: .repeatable),
        .init(name: "latency", kind: .option), .init(name: "fault", kind: .option),
        .init(name: "fault-rate", kind: .option), .init(name: "seed", kind: .option),
        .init(name: "journal-size", kind: .option), .init(name: "journal-body-bytes", kind: .option),
        .init(name: "cors", kind: .invertibleFlag), .init(name: "record", kind: .flag),
        .init(name: "upstream", kind: .repeatable), .init(name: "proxy", kind: .flag),
        .init(name: "proxy-allow", kind: .repeatable), .init(name: "record-dir", kind: .option),
        .init(name: "record-status", kind: .option), .init(name: "upstream-timeout", kind: .option),
        .init(name: "upstream-connect-timeout", kind: .option),
        .init(name: "max-sessions", kind: .option), .init(name: "session-idle-timeout", kind: .option),
        .init(name: "spare-sessions", kind: .option),
        .init(name: "keep-journal", kind: .flag),
        .init(name: "accept-any-password", kind: .flag),
        .init(name: "admin-token", kind: .option),
        .init(name: "keep-secrets", kind: .flag),
    ]

    /// The flags the subcommands share with `serve` (`serve import` reads `MOCK_DB` too).
    static let subcommandSettings: [String: [Setting]] = [
        "import": serveSettings.filter { $0.name == "db" },
        "export": serveSettings.filter { ["db", "keep-secrets"].contains($0.name) },
        "captures": serveSettings.filter { ["db", "keep-secrets"].contains($0.name) },
    ]

    /// `arguments` (without the program name) with the settings of `environment` added for every
    /// flag the command line does not give itself.
    static func merged(_ arguments: [String], environment: [String: String]) throws(ValidationError) -> [String] {
        let settings = arguments.first.map { subcommandSettings[$0] ?? serveSettings } ?? serveSettings
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let given = arguments[..<end]
        var added: [String] = []
        for setting in settings {
            guard let value = environment[setting.variable], !value.isEmpty else { continue }
            guard !mentions(given, setting) else { continue }
            added += try self.arguments(for: setting, value: value)
        }
        var result = arguments
        result.insert(contentsOf: added, at: end)
        return result
    }

    private static func mentions(_ arguments: ArraySlice<String>, _ setting: Setting) -> Bool {
        let names = ["--" + setting.name] + (setting.kind == .invertibleFlag ? ["--no-" + setting.name] : [])
        return arguments.contains { argument in names.contains { argument == $0 || argument.hasPrefix($0 + "=") } }
    }

    private static func arguments(for setting: Setting, value: String) throws(ValidationError) -> [String] {
        switch setting.kind {
        case .option:
            return ["--\(setting.name)=\(value)"]
        case .repeatable:
            return value.split(whereSeparator: \.isWhitespace).map { "--\(setting.name)=\($0)" }
        case .flag, .invertibleFlag:
            switch value.lowercased() {
            case "1", "true", "yes", "on": return ["--" + setting.name]
            case "0", "false", "no", "off": return setting.kind == .invertibleFlag ? ["--no-" + setting.name] : []
            default: throw ValidationError("\(setting.variable) must be true or false (1/0, yes/no, on/off), not '\(value)'")
            }
        }
    }

    /// The help section that lists the variables.
    static var helpSection: String {
        var lines = ["ENVIRONMENT:",
                     "  Every flag can be set as MOCK_<FLAG> instead; a flag on the command line wins.",
                     "  Booleans: 1/true/yes/on or 0/false/no/off. Repeatable: values separated by spaces.",
                     "  `serve import` reads MOCK_DB; `export` and `captures` read MOCK_DB and MOCK_KEEP_SECRETS."]
        var line = " "
        for setting in serveSettings {
            if line.count + setting.variable.count + 1 > 78 {
                lines.append(line)
                line = " "
            }
            line += " " + setting.variable
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
