import Store

/// A capture record that a module's mapper refused: the import is rolled back as a whole.
public struct CaptureImportError: Error, Sendable, CustomStringConvertible {
    /// `file entry N` of the record.
    public let source: String
    /// Why the mapper refused it.
    public let reason: String

    public var description: String {
        "\(source): \(reason)"
    }
}

/// A file or directory given to `serve import` that cannot be read.
public struct CaptureSourceError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String {
        "\(path): \(reason)"
    }
}
