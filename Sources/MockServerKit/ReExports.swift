// The typed client and its models come with the server: `import MockServerKit` is enough.
@_exported import MockServerClientKit
