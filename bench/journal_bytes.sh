#!/usr/bin/env bash
# Bytes the journal stores per request, for two serve binaries side by side.
#
#   bench/journal_bytes.sh BIN_A BIN_B [ROUTE]
#
# For each binary: a fresh database (seeded by a plain start), N (2000) keep-alive requests to
# ROUTE (default /app/user/10001), a stop (which writes the last entries), then SQLite's own
# page accounting (dbstat) of the journal's tables and indexes, divided by the entries kept.
# Needs the sqlite3 command-line shell (its dbstat table).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
two_binaries "${1:-}" "${2:-}"
ROUTE=${3:-/app/user/10001}
N=${N:-2000}
command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (apt-get install sqlite3)" >&2; exit 1; }

for label in A B; do
    [[ $label == A ]] && SERVE=$BIN_A || SERVE=$BIN_B
    DB="$WORK/$label.sqlite"
    start_serve --port 0 --db "$DB"
    python3 "$ROOT/bench/keepalive_client.py" 127.0.0.1 "${SERVE_BASE##*:}" "$ROUTE" "$N" >/dev/null
    stop_serve
    sqlite3 "$DB" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
    # A row per entry up to journal.005; a row per write (first_id..last_id, ids of entries
    # dropped unwritten counted too) from journal.006.
    if [[ -n $(sqlite3 "$DB" "SELECT name FROM sqlite_master WHERE name = 'journal_batches'") ]]; then
        entries=$(sqlite3 "$DB" "SELECT coalesce(sum(last_id - first_id + 1), 0) FROM journal_batches")
    else
        entries=$(sqlite3 "$DB" "SELECT count(*) FROM journal_entries")
    fi
    sqlite3 -separator ' ' "$DB" "
        SELECT '$label: ' || $entries || ' entries, ' || sum(pgsize) || ' bytes in ' || count(*) || ' pages of '
            || group_concat(DISTINCT name) || ' = ' || (sum(pgsize) / max($entries, 1)) || ' bytes per entry; payload '
            || (sum(payload) / max($entries, 1)) || ' bytes per entry'
        FROM dbstat WHERE name LIKE 'journal%'"
done
