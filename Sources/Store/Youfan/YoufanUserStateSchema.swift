/// The tables of the official app's per-user state (WIRE.md §3.3): accounts and their login
/// tokens, marks (likes, follows, favourites: one row per user and target, so marking twice
/// changes nothing), and the objects a user owns (cart lines, orders, returns, comments,
/// addresses, messages), each with a state the order screens walk. Every table is module state:
/// `/__admin/reset` empties it and the seeded demo account comes back from its capture.
enum YoufanUserStateSchema {
    static let migration = Migration("youfan.011-user-state", sql: """
        CREATE TABLE youfan_users (
            user_id TEXT PRIMARY KEY NOT NULL, account TEXT NOT NULL, profile TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE youfan_tokens (
            token TEXT PRIMARY KEY NOT NULL, user_id TEXT NOT NULL REFERENCES youfan_users (user_id)) WITHOUT ROWID;
        CREATE TABLE youfan_marks (
            kind TEXT NOT NULL, user_id TEXT NOT NULL, target TEXT NOT NULL, created INTEGER NOT NULL,
            PRIMARY KEY (kind, user_id, target)) WITHOUT ROWID;
        CREATE INDEX youfan_marks_by_target ON youfan_marks (kind, target);
        CREATE TABLE youfan_user_objects (
            id INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL, user_id TEXT NOT NULL,
            target TEXT NOT NULL, state TEXT NOT NULL, body TEXT NOT NULL, created TEXT NOT NULL);
        CREATE INDEX youfan_user_objects_by_owner ON youfan_user_objects (collection, user_id, id);
        CREATE INDEX youfan_user_objects_by_target ON youfan_user_objects (collection, target, id);
        """)
}
