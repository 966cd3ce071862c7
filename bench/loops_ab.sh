#!/usr/bin/env bash
# Two serve binaries and the Hummingbird 2 peer, interleaved round by round on one route
# (wrk -t1 --latency, each round starting with a different server), then the RSS of each serve
# holding IDLE idle keep-alive connections (bench/idle_connections.py). A reduced bench/perf.sh
# for a change to the event loops: one route, the three servers, the per-round ratios.
#
#   bench/loops_ab.sh OLD_SERVE NEW_SERVE [PEER_BINARY]
#   env: ROUTE (/app/user/10001), ROUNDS (3), DURATION (5s), CONNECTIONS ("64 256"), IDLE (10000;
#        0 skips the RSS step)
# Prints every run ("round R C connections SERVER req/s p50_ms p99_ms") and, per connection
# count, the median req/s and p99 of each server and the median per-round ratios new/old and
# new/peer. PEER_BINARY defaults to bench/peers/.build/release/HummingbirdPeer (bench/perf.sh
# builds it).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
require_wrk
[[ $# -ge 2 ]] || { echo "usage: $0 OLD_SERVE NEW_SERVE [PEER_BINARY]" >&2; exit 2; }
two_binaries "$1" "$2"
PEER=${3:-$ROOT/bench/peers/.build/release/HummingbirdPeer}
[[ -x "$PEER" ]] || { echo "no peer binary at $PEER (bench/perf.sh builds it)" >&2; exit 1; }
ROUTE=${ROUTE:-/app/user/10001}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-64 256}
IDLE=${IDLE:-10000}
ulimit -n "$(ulimit -Hn)"

wait_ok() {   # PORT: until the route answers 200
    for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$1$ROUTE" && return 0; sleep 0.1; done
    echo "nothing answers 200 on port $1 for $ROUTE" >&2; exit 1
}
declare -A PID PORT
launch() {   # NAME BINARY ARGS…: a server on a free port, answering the route
    local name=$1 port
    port=$(free_port)
    shift
    if [[ $name == peer ]]; then "$1" "$port" "$WORK/$name.sqlite" >"$WORK/$name.log" 2>&1 &
    else "$1" --port "$port" --db "$WORK/$name.sqlite" >"$WORK/$name.log" 2>&1 &
    fi
    PID[$name]=$!
    BENCH_PIDS+=("$!")
    PORT[$name]=$port
    wait_ok "$port"
}
mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# The peer reads the database serve seeds; each server gets its own copy.
seed_database "$BIN_A" "$WORK/seed.sqlite"
for name in old new peer; do cp "$WORK/seed.sqlite" "$WORK/$name.sqlite"; done
launch old "$BIN_A"
launch new "$BIN_B"
launch peer "$PEER"
for name in old new peer; do wrk -t1 -c64 -d2s "http://127.0.0.1:${PORT[$name]}$ROUTE" >/dev/null; done

echo "route $ROUTE, $DURATION a run, load: $(cut -d' ' -f1-3 /proc/loadavg)"
servers=(old new peer)
for round in $(seq 1 "$ROUNDS"); do
    for connections in $CONNECTIONS; do
        for i in 0 1 2; do
            name=${servers[(i + round) % 3]}
            figures=$(wrk -t1 -c"$connections" -d"$DURATION" --latency "http://127.0.0.1:${PORT[$name]}$ROUTE" | wrk_figures)
            echo "round $round $connections connections $name $figures"
            echo "$round $figures" >>"$WORK/$name.$connections"
        done
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for connections in $CONNECTIONS; do
    for name in old new peer; do
        echo "$connections connections $name: median req/s $(awk '{ print $2 }' "$WORK/$name.$connections" | median_of_stdin)," \
            "p99 ms $(awk '{ print $4 }' "$WORK/$name.$connections" | median_of_stdin)"
    done
    for base in old peer; do
        paste -d' ' "$WORK/$base.$connections" "$WORK/new.$connections" | awk '{ print $6 / $2 }' >"$WORK/ratios"
        echo "$connections connections: median per-round req/s ratio new/$base $(median_of_stdin <"$WORK/ratios")"
    done
done

(( IDLE > 0 )) || exit 0
for name in old new; do
    python3 "$ROOT/bench/idle_connections.py" 127.0.0.1 "${PORT[$name]}" "$IDLE" /__admin/health 600 >"$WORK/idle.out" 2>&1 &
    client=$!
    rss=failed
    for _ in $(seq 1 1200); do grep -q ready "$WORK/idle.out" 2>/dev/null && break; sleep 0.1; done
    if grep -q ready "$WORK/idle.out"; then sleep 1; rss=$(mb "${PID[$name]}" VmRSS); fi
    kill "$client" 2>/dev/null || true; wait "$client" 2>/dev/null || true
    echo "$name: RSS $rss MB with $IDLE idle keep-alive connections (after the throughput rounds)"
done
