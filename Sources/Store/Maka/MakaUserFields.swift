/// A Maka user's stored fields, wherever they are held: in a `MakaUser`, or still in SQLite's
/// buffers as the current row of the user query (`MakaUserRow`), so the one writer of the
/// User's wire shape can read either without copying the row into Swift values first.
public protocol MakaUserFields {
    /// An integer column (`uid`, `accountBalance`, `level`, `templateNumber`).
    func integer(_ column: MakaUserColumn) throws -> Int64

    /// Lends the UTF-8 bytes of a text column (empty for a NULL `email`) to `body`; the buffer
    /// is valid only inside `body`.
    func withText<T>(_ column: MakaUserColumn, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T
}
