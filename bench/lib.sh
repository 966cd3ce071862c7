# Shared set-up for the bench scripts; sourced (`source "$(dirname "$0")/lib.sh"`), not run.
# Gives: ROOT (the repository), WORK (a temp dir removed at exit), PERF_ROUTE and PERF_ROUTES (the routes
# perf.sh measures, by short name), and
#   require_wrk [--install]   stop unless wrk is installed (or install it with apt-get)
#   build_serve               release build of serve into SCRATCH (default $ROOT/.build) and set
#                             SERVE to the binary, unless SERVE already names one; the build takes
#                             Package.swift's release-only settings (-cross-module-optimization),
#                             so compare it only with binaries built from the same Package.swift
#   start_serve ARGS…         run "$SERVE" ARGS… (log in $WORK/serve.log), wait for its
#                             "listening on" line; sets SERVE_PID and SERVE_BASE (http://host:port)
#   stop_serve                stop that process (TERM, by PID) and wait for it
#   copy_database FROM TO     a fresh copy of database FROM (and its WAL) at TO
#   free_port                 a TCP port free on the loopback now
#   seed_database BIN DB      start BIN on DB with the repository's seeds/, wait until it
#                             listens, stop it: DB is the seeded database every server copies
#   wrk_figures               "req/s p50_ms p99_ms" from wrk --latency output on stdin
#   two_binaries "$@"         stop unless the arguments are two executables; set BIN_A, BIN_B
#   median_of_stdin           the median of the numbers on stdin, one a line
#   ab_ratio_summary          from $WORK/A.runs and $WORK/B.runs ("req/s p99_ms" a round), print
#                             the median of the per-round ratios B/A
# At exit the trap stops serve and every PID in BENCH_PIDS, then removes WORK.

# The routes bench/perf.sh measures (and peak_rss.sh, memory.sh), by the short names its tables use.
declare -A PERF_ROUTE=(
    [user]=/app/user/10001
    [health]=/__admin/health
    [youfan]="/mbfun_server/index.php?m=Product&a=getRecommedProductList&page=1&num=10"
    [maka]="/app/publicEvents?page=1&pageSize=20"
)
PERF_ROUTES=(user health youfan maka)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d)
SERVE_PID=""
SERVE_BASE=""
BENCH_PIDS=()

bench_cleanup() {
    if [[ -n "$SERVE_PID" ]]; then kill "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true; fi
    for pid in "${BENCH_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap bench_cleanup EXIT

require_wrk() {
    command -v wrk >/dev/null 2>&1 && return 0
    if [[ "${1:-}" == --install ]]; then
        apt-get update >/dev/null && apt-get install -y wrk >/dev/null
    else
        echo "wrk is not installed (apt-get install wrk)" >&2
        exit 1
    fi
}

build_serve() {
    [[ -n "${SERVE:-}" ]] && return 0
    SCRATCH=${SCRATCH:-$ROOT/.build}
    swift build -c release --product serve --scratch-path "$SCRATCH" >"$WORK/build.log" 2>&1 \
        || { cat "$WORK/build.log" >&2; exit 1; }
    tail -n 1 "$WORK/build.log" >&2
    SERVE="$SCRATCH/release/serve"
}

start_serve() {
    # Emptied first: the background start truncates it later, and the wait below must not read
    # an earlier start's "listening on" line meanwhile.
    : >"$WORK/serve.log"
    "$SERVE" "$@" >"$WORK/serve.log" 2>&1 &
    SERVE_PID=$!
    for _ in $(seq 1 600); do
        SERVE_BASE=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$WORK/serve.log" | head -n 1)
        [[ -n "$SERVE_BASE" ]] && return 0
        kill -0 "$SERVE_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "serve did not start:" >&2; cat "$WORK/serve.log" >&2
    exit 1
}

seed_database() {
    "$1" --port 0 --quiet --db "$2" --seeds "$ROOT/seeds" >"$WORK/seeding.log" 2>&1 &
    local seeding=$!
    BENCH_PIDS+=("$seeding")
    for _ in $(seq 1 3000); do grep -q "^listening on" "$WORK/seeding.log" && break; sleep 0.1; done
    grep -q "^listening on" "$WORK/seeding.log" || { echo "seeding failed:" >&2; cat "$WORK/seeding.log" >&2; exit 1; }
    kill -TERM "$seeding"; wait "$seeding" || true
}

stop_serve() {
    kill -TERM "$SERVE_PID" 2>/dev/null || true
    wait "$SERVE_PID" 2>/dev/null || true
    SERVE_PID=""
}

# copy_database FROM TO: a fresh copy of database FROM with whatever its WAL still holds; TO's
# earlier files (WAL, shared memory, sessions) removed first.
copy_database() {
    rm -rf "$2" "$2-wal" "$2-shm" "$2.sessions"
    cp "$1" "$2"
    if [[ -f "$1-wal" ]]; then cp "$1-wal" "$2-wal"; fi
}

# free_port: a TCP port free on the loopback now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# wrk_figures: "req/s p50_ms p99_ms" from wrk --latency output on stdin.
wrk_figures() {
    awk '
        function ms(v) {
            if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0
            if (v ~ /s$/) return v * 1000; return v + 0
        }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
        END { printf "%.0f %.2f %.2f\n", rps, p50, p99 }'
}

two_binaries() {
    [[ $# -eq 2 && -x "$1" && -x "$2" ]] || { echo "usage: $0 BIN_A BIN_B (two serve executables)" >&2; exit 2; }
    BIN_A=$(realpath "$1")
    BIN_B=$(realpath "$2")
}

median_of_stdin() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

ab_ratio_summary() {
    paste -d' ' "$WORK/A.runs" "$WORK/B.runs" | awk '{ print $3 / $1, $4 / $2 }' >"$WORK/ratios"
    echo "median per-round ratio B/A: req/s $(awk '{ print $1 }' "$WORK/ratios" | median_of_stdin)," \
        "p99 $(awk '{ print $2 }' "$WORK/ratios" | median_of_stdin)"
}
