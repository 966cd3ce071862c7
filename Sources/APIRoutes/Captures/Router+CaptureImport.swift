import HTTPServer

extension Router {
    /// Adds `POST /__admin/import` (see `CaptureImportResponder`).
    public mutating func addCaptureImportRoute(importer: CaptureImporter) {
        add(.POST, CaptureImportResponder.path, CaptureImportResponder(importer: importer))
    }
}
