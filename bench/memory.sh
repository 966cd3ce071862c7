#!/usr/bin/env bash
# Resident memory of serve builds and the Hummingbird peer, interleaved round by round on copies
# of one seeded database (issue 15: RSS under load no higher than Hummingbird's; 10,000 idle
# keep-alive connections < 60 MB). Each round, each server in turn:
#   settled  RSS of a fresh start once it is idle (serve: after its seeded template is built)
#   load     peak RSS (VmHWM, reset by clear_refs once settled) over `wrk -t1 -c256 -d$DURATION`
#            on each of bench/perf.sh's four routes in turn (user, health, a Youfan list page,
#            a Maka events page), as perf.sh's peak is taken; req/s is the user route's
#   idle     RSS of another fresh start holding $IDLE idle keep-alive connections that made one
#            request each (bench/idle_connections.py); serve builds only unless PEER_IDLE=1
# then the median of each figure per server, and of each serve's per-round ratio load/peer (its
# load peak over the peer's in the same round: the figure bench/perf.sh's memory table gives per
# 256-connection run, where one long-lived process serves every round; the goal is a median ≤ 1).
# MB are 10^6 bytes, as bench/rss.py prints them.
#
#   bench/memory.sh SERVE [SERVE…]        e.g. bench/memory.sh /tmp/serve-old .build/release/serve
#   env: ROUNDS (3), DURATION (5s), IDLE (10000), PEER (bench/peers/.build/release/HummingbirdPeer,
#        NONE to leave it out), PEER_IDLE (0), SERVE_ARGS (added to every serve's arguments, e.g.
#        the lean serve of bench/perf.sh: "--quiet --journal-size 0 --journal-body-bytes 0", which
#        leaves the journal's backlog under load out of the peak)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
require_wrk

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
LOAD_PATHS=()
for route in "${PERF_ROUTES[@]}"; do LOAD_PATHS+=("${PERF_ROUTE[$route]}"); done
IDLE=${IDLE:-10000}
PEER=${PEER:-$ROOT/bench/peers/.build/release/HummingbirdPeer}
PEER_IDLE=${PEER_IDLE:-0}
read -r -a EXTRA_ARGS <<<"${SERVE_ARGS:-}"
(($# >= 1)) || { echo "usage: $0 SERVE [SERVE…]" >&2; exit 2; }
SERVERS=()
for binary in "$@"; do
    [[ -x "$binary" ]] || { echo "$binary is not an executable" >&2; exit 2; }
    SERVERS+=("$(realpath "$binary")")
done
if [[ "$PEER" != NONE ]]; then
    [[ -x "$PEER" ]] || { echo "no peer at $PEER (build bench/peers, or PEER=NONE)" >&2; exit 2; }
    SERVERS+=("$PEER")
fi
ulimit -n "$(ulimit -Hn)"

mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 * 1024 / 1e6 }' "/proc/$1/status"; }
is_peer() { [[ "$1" == "$PEER" ]]; }

echo "== seeding a database (serve's own import of seeds/)"
SERVE=${SERVERS[0]}
start_serve --port 0 --quiet --db "$WORK/seeded.sqlite" --seeds "$ROOT/seeds"
stop_serve

# launch BINARY: a fresh server on its own copy of the seeded database, idle once it returns;
# sets PID and PORT.
launch() {
    local db="$WORK/run.sqlite"
    copy_database "$WORK/seeded.sqlite" "$db"
    : >"$WORK/run.log"
    if is_peer "$1"; then
        PORT=$(free_port)
        "$1" "$PORT" "$db" >"$WORK/run.log" 2>&1 &
        PID=$!
        for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/__admin/health" && break; sleep 0.1; done
    else
        "$1" --port 0 --db "$db" "${EXTRA_ARGS[@]}" >"$WORK/run.log" 2>&1 &
        PID=$!
        for _ in $(seq 1 3000); do
            grep -q 'seeded template built' "$WORK/run.log" && break
            kill -0 "$PID" 2>/dev/null || break
            sleep 0.1
        done
        PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$WORK/run.log" | head -n 1)
    fi
    BENCH_PIDS+=("$PID")
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/app/user/10001" || { echo "$1 did not start:" >&2; cat "$WORK/run.log" >&2; exit 1; }
    sleep 1
}

halt() { kill -TERM "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; }

idle_rss() {   # the RSS of server PID holding $IDLE idle connections
    python3 "$ROOT/bench/idle_connections.py" 127.0.0.1 "$PORT" "$IDLE" /__admin/health 600 >"$WORK/idle.out" 2>&1 &
    local client=$! figure=failed
    for _ in $(seq 1 1200); do grep -q ready "$WORK/idle.out" 2>/dev/null && break; kill -0 "$client" 2>/dev/null || break; sleep 0.1; done
    if grep -q ready "$WORK/idle.out"; then sleep 1; figure=$(mb "$PID" VmRSS); fi
    kill "$client" 2>/dev/null || true
    wait "$client" 2>/dev/null || true
    echo "$figure"
}

echo "== $ROUNDS rounds; serve arguments: ${SERVE_ARGS:-(none)}; load: wrk -t1 -c256 -d$DURATION on ${#LOAD_PATHS[@]} routes; idle: $IDLE connections; $(uptime | sed 's/.*load average/load average/')"
printf '%-5s %-8s %9s %9s %9s %9s  %s\n' round server settled load req/s idle binary
: >"$WORK/figures"
for round in $(seq 1 "$ROUNDS"); do
    for index in "${!SERVERS[@]}"; do
        binary=${SERVERS[$index]}
        launch "$binary"
        settled=$(mb "$PID" VmRSS)
        echo 5 >"/proc/$PID/clear_refs"
        rps=""
        for path in "${LOAD_PATHS[@]}"; do
            figures=$(wrk -t1 -c256 -d"$DURATION" --latency "http://127.0.0.1:$PORT$path" | wrk_figures)
            rps=${rps:-${figures%% *}}
        done
        load=$(mb "$PID" VmHWM)
        halt
        idle=-
        if ! is_peer "$binary" || [[ "$PEER_IDLE" == 1 ]]; then
            launch "$binary"
            idle=$(idle_rss)
            halt
        fi
        printf '%-5s %-8s %9s %9s %9s %9s  %s\n' "$round" "#$index" "$settled" "$load" "$rps" "$idle" "$binary"
        echo "$round $index $settled $load $idle" >>"$WORK/figures"
    done
done

echo "== medians (MB)"
printf '%-8s %9s %9s %9s %9s  %s\n' server settled load idle load/peer binary
peer_index=-
if [[ "$PEER" != NONE ]]; then peer_index=$((${#SERVERS[@]} - 1)); fi
for index in "${!SERVERS[@]}"; do
    figures=()
    for column in 3 4 5; do
        figures+=("$(awk -v i="$index" -v c="$column" '$2 == i && $c != "-" && $c != "failed" { print $c }' "$WORK/figures" | median_of_stdin)")
    done
    ratio=-
    if [[ "$peer_index" != - && "$index" != "$peer_index" ]]; then
        ratio=$(awk -v i="$index" -v p="$peer_index" '$2 == i { ours[$1] = $4 } $2 == p { peer[$1] = $4 }
            END { for (r in ours) if (peer[r] > 0) printf "%.3f\n", ours[r] / peer[r] }' "$WORK/figures" | median_of_stdin)
    fi
    printf '%-8s %9s %9s %9s %9s  %s\n' "#$index" "${figures[@]}" "$ratio" "${SERVERS[$index]}"
done
echo "$(uptime | sed 's/.*load average/load average at the end/')"
