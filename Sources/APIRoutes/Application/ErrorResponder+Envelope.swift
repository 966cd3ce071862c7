import HTTPServer

extension ErrorResponder {
    /// 404, 405 and the server's own errors (400, 408, 413 …) in the envelope of the API the
    /// path belongs to; the plain `{"error":…}` one when there is no path.
    public static let envelope = ErrorResponder { status, message, path in
        Envelope.httpError(status: status, message: message, path: path)
    }
}
