import ArgumentParser
import HTTPServer

/// `--log-format text|json`.
extension LogFormat: ExpressibleByArgument {}
