import CaptureFormats
import Store

/// Capture records for tests that need something in the capture store.
enum CaptureRecordFactory {
    static func make(method: String = "GET", url: String, status: Int = 200, body: String = #"{"code":200,"msg":"ok","data":"captured"}"#,
                     wait: Double? = nil) -> CaptureRecord {
        CaptureRecord(method: method, url: url, status: status, responseContentType: "application/json; charset=utf-8",
                      responseBody: Array(body.utf8), waitMilliseconds: wait, source: "test")
    }
}
