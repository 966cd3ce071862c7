#!/usr/bin/env bash
# Where serve's peak RSS under load comes from (issue 15: RSS under load no higher than
# Hummingbird's). Reproduces bench/perf.sh's situation on one binary: a fresh start on a copy of
# a seeded database (default flags unless given, output to a file as perf.sh's "ours"), the
# seeded template built, then ROUNDS rounds of bench/perf.sh's four routes at 64 and 256
# connections (wrk -t1, DURATION each). Before each 256-connection run VmHWM is reset
# (clear_refs 5, as perf.sh does); after it, a row: the RSS before the run, VmHWM during it, the
# RSS once it ended. The last round's Youfan and Maka rows are perf.sh's "late peak". With
# TRIM=1, once the rounds are done: glibc's malloc_stats (in the server's log, printed here) and
# the RSS after malloc_trim(0), both called in the server through gdb; what the trim returns is
# memory freed but kept by the allocator.
#
# With PEER (the Hummingbird peer's binary), each start of serve is followed by one of the peer
# on its own copy of the database, through the same rounds; at the end, per route, the median
# 256-connection peak of each and the median of the per-round ratios serve/peer (bench/perf.sh's
# memory table, where the goal is a median ≤ 1).
#
#   bench/peak_rss.sh SERVE [SERVE ARGS…]      e.g. bench/peak_rss.sh .build/release/serve --journal-size 0
#   env: STARTS (2, fresh starts in a row), ROUNDS (3), DURATION (3s), TRIM (0), PEER (none),
#        SERVE_ENV (e.g. "MALLOC_ARENA_MAX=1", set for the server only)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
require_wrk

STARTS=${STARTS:-2}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-3s}
TRIM=${TRIM:-0}
PEER=${PEER:-}
read -r -a SERVER_ENV <<<"${SERVE_ENV:-}"
(($# >= 1)) && [[ -x "$1" ]] || { echo "usage: $0 SERVE [SERVE ARGS…]" >&2; exit 2; }
[[ -z "$PEER" || -x "$PEER" ]] || { echo "PEER=$PEER is not an executable" >&2; exit 2; }
SERVE=$(realpath "$1")
shift
ulimit -n "$(ulimit -Hn)"

mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 * 1024 / 1e6 }' "/proc/$1/status"; }

start_serve --port 0 --quiet --db "$WORK/seeded.sqlite" --seeds "$ROOT/seeds"
stop_serve

echo "== $SERVE ${*:-(default flags)} ${SERVE_ENV:+($SERVE_ENV)}${PEER:+ against $PEER}; $STARTS starts, $ROUNDS rounds, $DURATION runs; $(uptime | sed 's/.*load average/load average/')"

# fresh_database: $WORK/run.sqlite, a new copy of the seeded database.
fresh_database() {
    copy_database "$WORK/seeded.sqlite" "$WORK/run.sqlite"
    : >"$WORK/run.log"
}

# rounds SERVER START: the rounds on the server PID listens at PORT, a row per 256-connection
# run (and a line "SERVER START ROUND ROUTE PEAK" in $WORK/peaks).
rounds() {
    local server=$1 start=$2 round route url before rps
    printf '%-6s %-5s %-5s %-7s %9s\n' "$server" "$start" 0 settled "$(mb "$PID" VmRSS)"
    for round in $(seq 1 "$ROUNDS"); do
        for route in "${PERF_ROUTES[@]}"; do
            url="http://127.0.0.1:$PORT${PERF_ROUTE[$route]}"
            wrk -t1 -c64 -d"$DURATION" "$url" >/dev/null
            before=$(mb "$PID" VmRSS)
            echo 5 >"/proc/$PID/clear_refs"
            rps=$(wrk -t1 -c256 -d"$DURATION" --latency "$url" | wrk_figures)
            printf '%-6s %-5s %-5s %-7s %9s %9s %9s %9s\n' "$server" "$start" "$round" "$route" "$before" \
                "$(mb "$PID" VmHWM)" "$(mb "$PID" VmRSS)" "${rps%% *}"
            echo "$server $start $round $route $(mb "$PID" VmHWM)" >>"$WORK/peaks"
            # perf.sh empties its serve's access log after each run
            : >"$WORK/run.log"
        done
    done
}

: >"$WORK/peaks"
printf '%-6s %-5s %-5s %-7s %9s %9s %9s %9s\n' server start round route before peak after req/s
for start in $(seq 1 "$STARTS"); do
    fresh_database
    env "${SERVER_ENV[@]}" "$SERVE" --port 0 --db "$WORK/run.sqlite" "$@" >"$WORK/run.log" 2>&1 &
    PID=$!
    BENCH_PIDS+=("$PID")
    for _ in $(seq 1 3000); do
        grep -q 'seeded template built' "$WORK/run.log" && break
        kill -0 "$PID" 2>/dev/null || { echo "serve stopped:" >&2; cat "$WORK/run.log" >&2; exit 1; }
        sleep 0.1
    done
    PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$WORK/run.log" | head -n 1)
    sleep 1
    rounds serve "$start"
    if [[ "$TRIM" == 1 ]]; then
        sleep 2
        gdb -p "$PID" -batch -ex 'call (void)malloc_stats()' >/dev/null 2>&1 || true
        sleep 0.5
        grep -aE '^(Arena|system bytes|in use bytes|Total)' "$WORK/run.log" | paste -sd ' ' | sed 's/  */ /g'
        untrimmed=$(mb "$PID" VmRSS)
        gdb -p "$PID" -batch -ex 'call (int)malloc_trim(0)' >/dev/null 2>&1 || true
        printf '%-6s %-5s %-5s %-7s %9s -> %s after malloc_trim(0)\n' serve "$start" end idle "$untrimmed" "$(mb "$PID" VmRSS)"
    fi
    kill -TERM "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    if [[ -n "$PEER" ]]; then
        fresh_database
        PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
        "$PEER" "$PORT" "$WORK/run.sqlite" >"$WORK/run.log" 2>&1 &
        PID=$!
        BENCH_PIDS+=("$PID")
        for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/__admin/health" && break; sleep 0.1; done
        sleep 1
        rounds peer "$start"
        kill -TERM "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
done
if [[ -n "$PEER" ]]; then
    echo "== per route: median 256-connection peak (MB) of serve and the peer, median of the per-round ratios serve/peer"
    for route in "${PERF_ROUTES[@]}" all; do
        awk -v r="$route" '($4 == r || r == "all") { key = $2 " " $3 " " $4; if ($1 == "serve") s[key] = $5; else p[key] = $5 }
            END { for (k in s) if (p[k] > 0) print s[k], p[k], s[k] / p[k] }' "$WORK/peaks" >"$WORK/pairs"
        printf '%-7s serve %6s  peer %6s  serve/peer %s\n' "$route" \
            "$(awk '{ print $1 }' "$WORK/pairs" | median_of_stdin)" "$(awk '{ print $2 }' "$WORK/pairs" | median_of_stdin)" \
            "$(awk '{ printf "%.3f\n", $3 }' "$WORK/pairs" | median_of_stdin)"
    done
fi
echo "== $(uptime | sed 's/.*load average/load average at the end/')"
