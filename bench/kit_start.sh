#!/usr/bin/env bash
# What a test pays for a mock server of its own (MockServerKit), with the work MockServer.start
# does, timed on one `serve` binary, rounds interleaved (seeded, copy, reset, seeded, copy, …):
#   seeded  a start on a new database file: migrations and the bundled seeds imported
#           (MockServer.start's first server in a process builds its template this way);
#   copy    cp of a seeded file, then a start on the copy (every later MockServer.start);
#   reset   POST /__admin/reset on a running server (MockServer.shared plus reset() per test).
# Start times run from launch to the "listening on" line. Prints each round, then the medians
# and the median of the per-round ratios seeded/copy and reset/copy.
#
# Usage: bench/kit_start.sh [SERVE]     (default: a release build, as bench/lib.sh builds it)
#   env: ROUNDS=5
#   e.g. bench/kit_start.sh .build/debug/serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SERVE=${1:-${SERVE:-}}
build_serve
ROUNDS=${ROUNDS:-5}

now_ms() { date +%s%3N; }

# timed_start DB: starts serve on DB and sets ELAPSED to the milliseconds until its listening
# line (a variable, not output: a command substitution would run it in a subshell, whose
# SERVE_PID the trap and stop_serve would never see).
timed_start() {
    local start
    start=$(now_ms)
    : >"$WORK/serve.log"
    "$SERVE" --port 0 --quiet --db "$1" --seeds "$ROOT/seeds" >"$WORK/serve.log" 2>&1 &
    SERVE_PID=$!
    until grep -q '^listening on' "$WORK/serve.log"; do
        kill -0 "$SERVE_PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
        sleep 0.005
    done
    SERVE_BASE=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$WORK/serve.log" | head -n 1)
    ELAPSED=$(( $(now_ms) - start ))
}

# The template every copy starts from, seeded by this binary and closed (WAL checkpointed).
timed_start "$WORK/template.sqlite"
stop_serve

printf '%-6s %10s %10s %10s\n' round seeded_ms copy_ms reset_ms
: >"$WORK/rounds"
for round in $(seq 1 "$ROUNDS"); do
    rm -f "$WORK"/run.sqlite*
    timed_start "$WORK/run.sqlite"
    seeded=$ELAPSED
    stop_serve

    rm -f "$WORK"/run.sqlite*
    start=$(now_ms)
    cp "$WORK/template.sqlite" "$WORK/run.sqlite"
    if [[ -f "$WORK/template.sqlite-wal" ]]; then cp "$WORK/template.sqlite-wal" "$WORK/run.sqlite-wal"; fi
    copied=$(( $(now_ms) - start ))
    timed_start "$WORK/run.sqlite"
    copy=$(( copied + ELAPSED ))

    curl -sf -o /dev/null -d 'email=bench@example.com&password=secret123' "$SERVE_BASE/app/user/register"
    start=$(now_ms)
    curl -sf -o /dev/null -X POST "$SERVE_BASE/__admin/reset"
    reset=$(( $(now_ms) - start ))
    stop_serve

    printf '%-6s %10s %10s %10s\n' "$round" "$seeded" "$copy" "$reset"
    echo "$seeded $copy $reset" >>"$WORK/rounds"
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median seeded start: $(awk '{ print $1 }' "$WORK/rounds" | median) ms"
echo "median copy start:   $(awk '{ print $2 }' "$WORK/rounds" | median) ms"
echo "median reset:        $(awk '{ print $3 }' "$WORK/rounds" | median) ms"
echo "median seeded/copy:  $(awk '{ printf "%.2f\n", $1 / ($2 ? $2 : 1) }' "$WORK/rounds" | median)"
echo "median reset/copy:   $(awk '{ printf "%.2f\n", $3 / ($2 ? $2 : 1) }' "$WORK/rounds" | median)"
