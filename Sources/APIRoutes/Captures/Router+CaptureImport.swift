import HTTPServer

extension Router {
    /// Adds `POST /__admin/import` (see `CaptureImportResponder`).
    public mutating func addCaptureImportRoute(
        importer: CaptureImporter, log: @escaping @Sendable (String) -> Void = StandardError.writeLine
    ) {
        add(.POST, CaptureImportResponder.path, CaptureImportResponder(importer: importer, log: log))
    }
}
