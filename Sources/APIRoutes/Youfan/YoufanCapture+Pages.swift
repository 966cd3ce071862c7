import Store
import Wire

/// Captured pages of the earlier API generation, kept whole (`YoufanCapturedPageRepository`).
extension YoufanCapture {
    /// A page whose `data` is an array of sections or topics, kept under `key`.
    func capturedPage(_ action: String, key: String?) throws -> Bool {
        guard let key, data.arrayValue != nil else { return false }
        try YoufanCapturedPageRepository.savePage(data.encoded(), action: action, key: key, in: connection)
        return true
    }

    /// A `ProductClsFilter` answer: each result kept for the product its `clsInfo.code` names.
    func productHeaders() throws -> Bool {
        var stored = false
        for result in data.arrayValue ?? [] {
            guard let code = result["clsInfo"].flatMap({ Self.identifier($0, "code") }) else { continue }
            try YoufanCapturedPageRepository.saveProductHeader(result.encoded(), code: code, in: connection)
            stored = true
        }
        return stored
    }
}
