extension MakaSchema {
    /// maka.011: each user keeps its answer to `GET /app/user/{uid}` (WIRE.md §4.2) pre-encoded,
    /// so a profile read is one primary-key step and one copy instead of fifteen columns decoded
    /// and escaped on every request.
    ///
    /// `profile_json` holds the User object as anyone sees it, from its `{` up to (not including)
    /// its closing `}`; `owner_json` holds the members only the owner sees, each with its leading
    /// comma. The answer is `profile_json`, then `owner_json` for the owner, then `}`. The bytes
    /// are exactly `MakaUserWire`'s: the same members in the same order, text escaped the same way
    /// (`"` and `\` by a backslash, tab, newline and carriage return as `\t` `\n` `\r`, every other
    /// control character as `\u00xx`, nothing else).
    ///
    /// Triggers keep both columns equal to the row whoever writes it (register, a profile edit, a
    /// capture import, the seeds); a later migration that rebuilds `maka_users` or drops one of
    /// its columns must create them again.
    static let userJSON = Migration("maka.011-user-json", sql: """
        ALTER TABLE maka_users ADD COLUMN profile_json TEXT;
        ALTER TABLE maka_users ADD COLUMN owner_json TEXT;
        CREATE TRIGGER maka_users_json_on_insert AFTER INSERT ON maka_users BEGIN
            \(UserJSON.refresh) WHERE uid = NEW.uid;
        END;
        CREATE TRIGGER maka_users_json_on_update AFTER UPDATE OF \(UserJSON.sourceColumns) ON maka_users BEGIN
            \(UserJSON.refresh) WHERE uid = NEW.uid;
        END;
        \(UserJSON.refresh);
        """)

    /// The SQL of `maka.011`, built from the keys once; like any migration's, it must not change
    /// once databases have run it.
    private enum UserJSON {
        /// The columns the two JSON columns are made from.
        static let sourceColumns = """
            uid, email, nickname, avatar, city, create_time, username, company, truename, mobile, \
            province, industry, account_balance, level, template_number
            """

        /// Sets both JSON columns from the row's columns (append a `WHERE`).
        static let refresh = """
            UPDATE maka_users SET profile_json = \(profile), owner_json = \(owner)
            """

        static let profile = [
            #"'{"uid":' || uid"#,
            text("username", "username"), text("nickname", "nickname"), text("thumb", "avatar"),
            text("company", "company"), text("province", "province"), text("city", "city"),
            text("industry", "industry"), integer("level", "level"),
            integer("templateNumber", "template_number"), text("createTime", "create_time"),
        ].joined(separator: " || ")

        static let owner = [
            text("email", "coalesce(email, '')"), text("mobile", "mobile"), text("truename", "truename"),
            integer("accountBalance", "account_balance"), integer("acountBalance", "account_balance"),
        ].joined(separator: " || ")

        /// `,"key":` and the integer column's decimal digits.
        static func integer(_ key: String, _ column: String) -> String {
            #"',"\#(key)":' || \#(column)"#
        }

        /// `,"key":` and the text column as a JSON string literal. `json_quote` escapes as the
        /// server does but for backspace and form feed, which it writes `\b` and `\f`: those two
        /// bytes are first swapped for 0xFE and 0xFF, which UTF-8 text never holds and
        /// `json_quote` leaves alone, and their escapes put in for them afterwards. (The escapes
        /// cannot be replaced after quoting: `\\b`, an escaped backslash and a `b`, holds `\b`.)
        static func text(_ key: String, _ column: String) -> String {
            let marked = "replace(replace(\(column), char(8), \(backspaceMark)), char(12), \(formFeedMark))"
            return #"',"\#(key)":' || replace(replace(json_quote(\#(marked)), \#(backspaceMark), '\u0008'), \#(formFeedMark), '\u000c')"#
        }

        static let backspaceMark = "CAST(X'FE' AS TEXT)"
        static let formFeedMark = "CAST(X'FF' AS TEXT)"
    }
}
