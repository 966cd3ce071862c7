#!/usr/bin/env bash
# Context switches per request: serve against the Hummingbird 2 peer on the same database and
# route, interleaved round by round (wrk -t1). Instructions (callgrind) miss what a thread hop
# costs: the kernel's wake-up, the switch and the cold caches after it. This counts the hops,
# summed over every thread of each server (voluntary and involuntary, from /proc), and for serve
# split by thread name: the event loops name theirs http-loop-N; Dispatch's workers and the main
# thread keep the process's name.
#
#   bench/context_switches.sh [PEER_BINARY] [ROUTE]
#   env: SERVE (default: release build), SERVE_ARGS (more flags for serve, e.g. the lean
#        "--quiet --journal-size 0 --journal-body-bytes 0"), ROUNDS (3), DURATION (5s), CONNECTIONS (64)
# PEER_BINARY defaults to bench/peers/.build/release/HummingbirdPeer (bench/perf.sh builds it).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
require_wrk
PEER=${1:-$ROOT/bench/peers/.build/release/HummingbirdPeer}
ROUTE=${2:-/app/user/10001}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64}
[[ -x "$PEER" ]] || { echo "no peer binary at $PEER (bench/perf.sh builds it)" >&2; exit 1; }
build_serve

# switches PID: the context switches of every thread of PID so far.
switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/ { total += $2 } END { print total + 0 }'
}

# switches_by_name PID: one "name<TAB>switches" line per thread name (same-named threads summed).
switches_by_name() {
    for task in /proc/"$1"/task/*; do
        name=$(cat "$task/comm" 2>/dev/null) || continue
        awk -v n="$name" '/ctxt_switches/ { t += $2 } END { printf "%s\t%d\n", n, t }' "$task/status" 2>/dev/null
    done | awk -F'\t' '{ s[$1] += $2 } END { for (n in s) printf "%s\t%d\n", n, s[n] }' | sort
}

DB="$WORK/mock.sqlite"
# shellcheck disable=SC2086 # SERVE_ARGS is a list of flags
start_serve --port 0 --db "$DB" ${SERVE_ARGS:-}
ours_port=${SERVE_BASE##*:}
peer_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$PEER" "$peer_port" "$DB" >"$WORK/peer.log" 2>&1 &
BENCH_PIDS+=($!)
peer_pid=$!
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$peer_port$ROUTE" && break; sleep 0.1; done

echo "route $ROUTE, $CONNECTIONS connections, $DURATION a run; threads: serve $(ls /proc/"$SERVE_PID"/task | wc -l), peer $(ls /proc/"$peer_pid"/task | wc -l)"
for round in $(seq 1 "$ROUNDS"); do
    for server in serve peer; do
        if [[ $server == serve ]]; then pid=$SERVE_PID port=$ours_port; else pid=$peer_pid port=$peer_port; fi
        before=$(switches "$pid")
        switches_by_name "$pid" >"$WORK/threads.before"
        requests=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "http://127.0.0.1:$port$ROUTE" | awk '/requests in/ { print $1 }')
        after=$(switches "$pid")
        switches_by_name "$pid" >"$WORK/threads.after"
        awk -v r="$round" -v s="$server" -v n="$requests" -v d="$((after - before))" \
            'BEGIN { printf "round %s %-5s %8d requests %8d switches %.3f per request\n", r, s, n, d, d / n }'
        [[ $server == serve ]] || continue
        # Threads that came or went during the run count from 0.
        awk -F'\t' -v n="$requests" 'NR == FNR { was[$1] = $2; next }
            { d = $2 - was[$1]; if (d > 0) printf "          %-16s %8d switches %.3f per request\n", $1, d, d / n }' \
            "$WORK/threads.before" "$WORK/threads.after"
    done
done
