import Wire

/// The values of one run of a statement with many placeholders (a multi-row insert), in
/// placeholder order, with every text and blob copied once into a single buffer that SQLite
/// reads in place (`Statement.bindBorrowed`). Bound one by one with SQLite's own copy, each text
/// or blob cost a malloc and a memcpy when bound and another copy when a multi-row `VALUES`
/// moved it into the row.
struct BorrowedBindings {
    private enum Value {
        case null
        case integer(Int64)
        case real(Double)
        /// Where the bytes sit in `bytes`.
        case text(Range<Int>)
        case blob(Range<Int>)
    }

    private var values: [Value] = []
    private var bytes: [UInt8] = []

    /// Room for `count` values and `byteCount` bytes of text and blobs, so that filling in
    /// takes no reallocation.
    init(reservingValues count: Int, bytes byteCount: Int) {
        values.reserveCapacity(count)
        bytes.reserveCapacity(byteCount)
    }

    mutating func append(_ value: Int64) {
        values.append(.integer(value))
    }

    mutating func append(_ value: Int?) {
        values.append(value.map { .integer(Int64($0)) } ?? .null)
    }

    mutating func append(_ value: Double) {
        values.append(.real(value))
    }

    /// Text, or NULL for nil.
    mutating func append(_ text: String?) {
        guard let text else { return values.append(.null) }
        let start = bytes.count
        bytes.appendUTF8(text)
        values.append(.text(start..<bytes.count))
    }

    mutating func append(_ blob: [UInt8]) {
        appendBlob { $0.append(contentsOf: blob) }
    }

    /// A blob that `write` appends to the shared buffer (nothing else).
    mutating func appendBlob(_ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        values.append(.blob(start..<bytes.count))
    }

    /// Binds every value to `statement` (placeholder 1 onwards), runs it to completion and
    /// resets it, and clears its bindings before the buffer they point into is gone.
    func run(_ statement: Statement) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            defer { statement.clearBindings() }
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .null: try statement.bind(.null, at: index)
                case .integer(let number): try statement.bind(.integer(number), at: index)
                case .real(let number): try statement.bind(.real(number), at: index)
                case .text(let range): try statement.bindBorrowed(UnsafeBufferPointer(rebasing: buffer[range]), asText: true, at: index)
                case .blob(let range): try statement.bindBorrowed(UnsafeBufferPointer(rebasing: buffer[range]), asText: false, at: index)
                }
            }
            try statement.runWithCurrentBindings()
        }
    }
}
