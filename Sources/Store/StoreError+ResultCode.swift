import CSQLite

extension StoreError {
    /// A SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
    ///
    /// Compare with `==` for an exact code. In a `switch`, a primary code also matches its extended
    /// codes: `case .constraint` catches `.constraintUnique`, while `case .constraintUnique` does not
    /// catch `.constraintNotNull`.
    public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The primary code: the low byte of an extended code, the code itself otherwise.
        public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

        /// SQLite's English text for the code (`"constraint failed"`).
        public var description: String { String(cString: sqlite3_errstr(rawValue)) + " (\(rawValue))" }

        /// A primary pattern matches every extended code under it; an extended pattern only itself.
        public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
            pattern.primary == pattern ? pattern == code.primary : pattern == code
        }

        public static let error = ResultCode(rawValue: SQLITE_ERROR)
        public static let busy = ResultCode(rawValue: SQLITE_BUSY)
        public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
        public static let readonly = ResultCode(rawValue: SQLITE_READONLY)
        public static let ioerr = ResultCode(rawValue: SQLITE_IOERR)
        public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
        public static let full = ResultCode(rawValue: SQLITE_FULL)
        public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
        public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
        public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
        public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
        public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

        // sqlite3.h defines the extended codes as `(primary | (n<<8))`, which Swift cannot import.
        public static let constraintCheck = constraint.extended(1)
        public static let constraintForeignKey = constraint.extended(3)
        public static let constraintNotNull = constraint.extended(5)
        public static let constraintPrimaryKey = constraint.extended(6)
        public static let constraintUnique = constraint.extended(8)

        private func extended(_ number: Int32) -> ResultCode {
            ResultCode(rawValue: rawValue | (number << 8))
        }
    }
}
