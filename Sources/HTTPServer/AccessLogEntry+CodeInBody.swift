import Wire

extension AccessLogEntry {
    /// The API's result code as a range of the answer's body: its bytes are written into the line
    /// from there, so no `String` is made for it on every request.
    struct CodeInBody {
        var body: [UInt8]
        /// The code's bytes in `body` (a string's without its quotes); clamped to the body.
        var range: Range<Int>

        init(body: [UInt8], range: Range<Int>) {
            self.body = body
            self.range = range.clamped(to: body.indices)
        }

        /// The most bytes `write(to:)` writes: every byte repaired to U+FFFD's three.
        var maxByteCount: Int { 3 * range.count }

        /// Writes the code's bytes when every one is printable ASCII (nearly every code: a number,
        /// `true`, a short word) and returns true; otherwise writes nothing and returns false.
        /// One pass both checks and spares the line mending the code. Inlined into the line.
        @inline(__always)
        func writePrintableASCII(to cursor: inout ByteCursor) -> Bool {
            body.withUnsafeBufferPointer { whole in
                let bytes = UnsafeBufferPointer(rebasing: whole[range])
                for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
                cursor.write(bytes)
                return true
            }
        }

        /// The code as the log shows it, before mending: its bytes when they are ASCII; otherwise
        /// the text they decode to, invalid UTF-8 repaired as `String(decoding:as:)` does.
        func write(to cursor: inout ByteCursor) {
            body.withUnsafeBufferPointer { whole in
                let bytes = UnsafeBufferPointer(rebasing: whole[range])
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    cursor.write(bytes)
                } else {
                    cursor.write(String(decoding: bytes, as: UTF8.self))
                }
            }
        }

        /// The code as a JSON string, escaped as `appendJSONString(_:)` escapes the text it decodes to.
        func appendJSON(to line: inout [UInt8]) {
            body.withUnsafeBufferPointer { whole in
                line.appendJSONString(utf8: UnsafeBufferPointer(rebasing: whole[range]))
            }
        }
    }
}
