/// `multipart/form-data` (RFC 7578): the text fields of the parts, in order. File parts (with a
/// `filename`) are skipped. Structure errors are `ParameterError`s.
package enum MultipartFormData {
    package static func parameters(from body: [UInt8], boundary: String?) throws(ParameterError) -> Parameters {
        guard let boundary, !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw ParameterError("multipart/form-data needs a boundary parameter of 1 to 70 characters")
        }
        let delimiter = Array("--\(boundary)".utf8)
        return try body.withUnsafeBufferPointer { (bytes) throws(ParameterError) -> Parameters in
            try parts(in: bytes, delimiter: delimiter)
        }
    }

    private static func parts(in bytes: UnsafeBufferPointer<UInt8>, delimiter: [UInt8]) throws(ParameterError) -> Parameters {
        let crlf: [UInt8] = [13, 10]
        let nextDelimiter = crlf + delimiter
        // The first delimiter opens the body or follows a preamble line.
        var position: Int
        if bytes.starts(with: delimiter) {
            position = delimiter.count
        } else if let found = find(nextDelimiter, in: bytes, from: 0) {
            position = found + nextDelimiter.count
        } else {
            throw ParameterError("multipart body does not contain its boundary")
        }
        var parameters = Parameters()
        while true {
            if bytes.count >= position + 2, bytes[position] == 0x2D, bytes[position + 1] == 0x2D {
                return parameters
            }
            while position < bytes.count, ASCII.isWhitespace(bytes[position]) { position += 1 }
            guard position + 2 <= bytes.count, bytes[position] == 13, bytes[position + 1] == 10 else {
                throw ParameterError("multipart boundary line is not followed by CRLF")
            }
            position += 2
            guard let headerEnd = find([13, 10, 13, 10], in: bytes, from: position - 2) else {
                throw ParameterError("multipart part headers are not terminated")
            }
            let disposition = try contentDisposition(headers: bytes.string(position..<max(position, headerEnd)))
            let contentStart = headerEnd + 4
            guard let contentEnd = find(nextDelimiter, in: bytes, from: contentStart) else {
                throw ParameterError("multipart body is not terminated by its closing boundary")
            }
            if disposition.filename == nil {
                guard let value = String(validating: UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]), as: UTF8.self) else {
                    throw ParameterError("multipart field '\(disposition.name.prefix(40))' is not valid UTF-8")
                }
                parameters.append(name: disposition.name, value: value)
            }
            position = contentEnd + nextDelimiter.count
        }
    }

    /// The `name` and `filename` of a part's `Content-Disposition: form-data` header.
    private static func contentDisposition(headers: String) throws(ParameterError) -> (name: String, filename: String?) {
        let lines = headers.split(separator: "\r\n", omittingEmptySubsequences: true)
        for line in lines {
            guard let colon = line.firstIndex(of: ":"),
                  String(line[..<colon]).caseInsensitiveEquals("content-disposition") else { continue }
            let fields = DispositionParameters.parse(line[line.index(after: colon)...])
            guard fields.type == "form-data" else {
                throw ParameterError("multipart part is not form-data")
            }
            guard let name = fields.parameters["name"] else {
                throw ParameterError("multipart part has no name")
            }
            return (name, fields.parameters["filename"])
        }
        throw ParameterError("multipart part has no Content-Disposition header")
    }

    /// The first index of `pattern` in `bytes` at or after `from`.
    static func find(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var start = from
        while start + pattern.count <= bytes.count,
              let candidate = bytes.firstIndex(of: first, in: start..<(bytes.count - pattern.count + 1)) {
            var offset = 1
            while offset < pattern.count, bytes[candidate + offset] == pattern[offset] { offset += 1 }
            if offset == pattern.count { return candidate }
            start = candidate + 1
        }
        return nil
    }
}
