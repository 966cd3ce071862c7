#!/usr/bin/env bash
# Benchmark: `serve` (release) against an equivalent Hummingbird 2 server (bench/peers) with
# wrk -t1 at 64 and 256 connections on a small JSON route and /__admin/health; then peak RSS
# under load and with 10,000 idle keep-alive connections.
#
#   bench/run.sh                   # everything (the peer's first release build takes minutes)
#   SKIP_PEER=1 bench/run.sh       # serve only, no ratios
#   CLEAN=1 bench/run.sh           # also time a clean release build of serve
#   DURATION=8s CONNECTIONS="64 256" IDLE=10000 JSON_ROUTE=/app/user/10002 bench/run.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
root=$ROOT

DURATION=${DURATION:-8s}
CONNECTIONS=${CONNECTIONS:-"64 256"}
IDLE=${IDLE:-10000}
# A seeded Maka user: 234 bytes of JSON read from SQLite per request (the peer runs the same
# point query on the same database file, so both servers do the same work).
JSON_ROUTE=${JSON_ROUTE:-/app/user/10001}
SCRATCH=${SCRATCH:-$root/.build-bench}
PEER_SCRATCH=${PEER_SCRATCH:-$root/bench/peers/.build}

require_wrk --install
ulimit -n "$(ulimit -Hn)"
work=$WORK

echo "== release build of serve"
if [[ -n "${CLEAN:-}" ]]; then rm -rf "$SCRATCH"; fi
start=$(date +%s%N)
build_serve 2>&1
awk -v ns="$(( $(date +%s%N) - start ))" -v clean="${CLEAN:+ (clean)}" 'BEGIN { printf "build: %.1f s%s\n", ns / 1e9, clean }'

if [[ -z "${SKIP_PEER:-}" ]]; then
    echo "== release build of the Hummingbird peer"
    (cd bench/peers && swift build -c release --scratch-path "$PEER_SCRATCH" 2>&1 | tail -n 1)
    peer_bin="$PEER_SCRATCH/release/HummingbirdPeer"
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

wait_http() {
    for _ in $(seq 1 200); do
        curl -s -o /dev/null "http://127.0.0.1:$1/__admin/health" && return 0
        sleep 0.05
    done
    echo "server on port $1 did not come up" >&2
    return 1
}

# start_server NAME -> sets server_pid and server_port
start_server() {
    if [[ $1 == serve ]]; then
        start_serve --port 0 --quiet --db "$work/bench.sqlite"
        server_pid=$SERVE_PID
        server_port=${SERVE_BASE##*:}
    else
        server_port=$(free_port)
        "$peer_bin" "$server_port" "$work/bench.sqlite" >"$work/peer.log" 2>&1 &
        server_pid=$!
        BENCH_PIDS+=("$server_pid")
    fi
    wait_http "$server_port"
}

stop_server() {
    if [[ $server_pid == "$SERVE_PID" ]]; then stop_serve; return; fi
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
}

rss_mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# Converts wrk's latency ("812.00us", "1.21ms", "1.02s") to milliseconds.
to_ms() {
    awk -v v="$1" 'BEGIN {
        if (v ~ /us$/) { sub(/us$/, "", v); printf "%.2f", v / 1000 }
        else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.2f", v }
        else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.2f", v * 1000 }
        else printf "%s", v }'
}

# Import the seeds once, so every measured server starts on an existing database (the import's
# own memory is not what "RSS under load" is about).
start_server serve
stop_server

declare -A rps p50 p99 load_rss idle_rss
servers=(serve)
[[ -z "${SKIP_PEER:-}" ]] && servers+=(hummingbird)

for server in "${servers[@]}"; do
    echo "== $server"
    start_server "$server"
    echo "json route $JSON_ROUTE: $(curl -s "http://127.0.0.1:$server_port$JSON_ROUTE" | wc -c) bytes"
    # Peak RSS from here on: writing 5 to clear_refs resets VmHWM, so start-up work (the
    # seed import) does not count as "under load".
    echo 5 >"/proc/$server_pid/clear_refs"
    for route in "$JSON_ROUTE" /__admin/health; do
        for connections in $CONNECTIONS; do
            wrk -t1 -c"$connections" -d2s "http://127.0.0.1:$server_port$route" >/dev/null  # warm-up
            out=$(wrk -t1 -c"$connections" -d"$DURATION" --latency "http://127.0.0.1:$server_port$route")
            key="$server|$route|$connections"
            rps[$key]=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<<"$out")
            p50[$key]=$(to_ms "$(awk '$1 == "50%" { print $2 }' <<<"$out")")
            p99[$key]=$(to_ms "$(awk '$1 == "99%" { print $2 }' <<<"$out")")
            errors=$(grep -E 'Non-2xx|Socket errors' <<<"$out" || true)
            printf '%-12s %-28s c=%-4s %8s req/s  p50 %6s ms  p99 %6s ms %s\n' "$server" "$route" "$connections" \
                "${rps[$key]}" "${p50[$key]}" "${p99[$key]}" "$errors"
        done
    done
    load_rss[$server]=$(rss_mb "$server_pid" VmHWM)
    stop_server

    start_server "$server"
    python3 bench/idle_connections.py 127.0.0.1 "$server_port" "$IDLE" /__admin/health 600 >"$work/idle.out" &
    idle_pid=$!
    BENCH_PIDS+=("$idle_pid")
    for _ in $(seq 1 1200); do grep -q ready "$work/idle.out" 2>/dev/null && break; sleep 0.1; done
    if grep -q ready "$work/idle.out"; then
        sleep 1
        idle_rss[$server]=$(rss_mb "$server_pid" VmRSS)
    else
        idle_rss[$server]="failed"
    fi
    kill "$idle_pid" 2>/dev/null || true
    wait "$idle_pid" 2>/dev/null || true
    stop_server
    echo "$server: peak RSS under load ${load_rss[$server]} MB; RSS with $IDLE idle connections ${idle_rss[$server]} MB"
done

echo
echo "== summary (wrk -t1, $DURATION)"
printf '%-28s %-6s %10s %10s %8s %8s %8s\n' route conns serve hummingbird ratio "p99" "p99 hb"
for route in "$JSON_ROUTE" /__admin/health; do
    for connections in $CONNECTIONS; do
        ours="serve|$route|$connections"
        theirs="hummingbird|$route|$connections"
        if [[ -n "${rps[$theirs]:-}" ]]; then
            ratio=$(awk -v a="${rps[$ours]}" -v b="${rps[$theirs]}" 'BEGIN { printf "%.2f", a / b }')
            printf '%-28s %-6s %10s %10s %7sx %6sms %6sms\n' "$route" "$connections" "${rps[$ours]}" \
                "${rps[$theirs]}" "$ratio" "${p99[$ours]}" "${p99[$theirs]}"
        else
            printf '%-28s %-6s %10s %10s %8s %6sms\n' "$route" "$connections" "${rps[$ours]}" - - "${p99[$ours]}"
        fi
    done
done
for server in "${servers[@]}"; do
    printf '%-12s peak RSS under load %6s MB   RSS with %s idle connections %6s MB\n' \
        "$server" "${load_rss[$server]}" "$IDLE" "${idle_rss[$server]}"
done
