#!/usr/bin/env bash
# Forwarding throughput and latency for two `serve` binaries run interleaved (A, B, A, B, …) so
# that a noisy machine hurts both alike. A third `serve` (BIN_B, empty store) is the upstream;
# each measured binary forwards to it (`--upstream`, no recording) a path nothing answers
# locally, so every request crosses the forwarder: wrk -t1 -cCONNECTIONS for DURATION.
# Per run it prints req/s, p50 and p99; at the end the median of the per-round ratios B/A.
#
# Usage: bench/upstream.sh BIN_A BIN_B
#   env: ROUNDS=5 DURATION=10s CONNECTIONS=16 ROUTE='/app/bench-forwarded?page=1'
#   e.g. bench/upstream.sh /work/main/.build/debug/serve .build/debug/serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"

two_binaries "$@"
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-16}
ROUTE=${ROUTE:-/app/bench-forwarded?page=1}
require_wrk --install
mkdir -p "$WORK/no-seeds"

# The upstream: its own process and log, alive for the whole bench.
"$BIN_B" --port 0 --quiet --db :memory: --seeds "$WORK/no-seeds" --no-cors >"$WORK/upstream.log" 2>&1 &
BENCH_PIDS+=("$!")
for _ in $(seq 1 600); do
    UPSTREAM=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$WORK/upstream.log" | head -n 1)
    [[ -n "$UPSTREAM" ]] && break
    sleep 0.1
done
[[ -n "$UPSTREAM" ]] || { echo "upstream did not start" >&2; cat "$WORK/upstream.log" >&2; exit 1; }

# run NAME BIN: one measured run; prints and returns "rps p50 p99".
run() {
    local name=$1 bin=$2 status
    SERVE=$bin start_serve --port 0 --quiet --db :memory: --seeds "$WORK/no-seeds" --no-cors --upstream "$UPSTREAM"
    status=$(curl -s -o /dev/null -w '%{http_code}' "$SERVE_BASE$ROUTE")
    [[ $status == 404 ]] || { echo "$name: $ROUTE answered $status, not the upstream's 404" >&2; exit 1; }
    wrk -t1 -c"$CONNECTIONS" -d2s "$SERVE_BASE$ROUTE" >/dev/null   # warm-up
    wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "$SERVE_BASE$ROUTE" | wrk_figures
    stop_serve
}

echo "round  A: req/s p50 p99   B: req/s p50 p99   B/A req/s  B/A p99"
ratios=()
for round in $(seq 1 "$ROUNDS"); do
    read -r a_rps a_p50 a_p99 < <(run A "$BIN_A")
    read -r b_rps b_p50 b_p99 < <(run B "$BIN_B")
    rps_ratio=$(awk -v a="$a_rps" -v b="$b_rps" 'BEGIN { printf "%.2f", b / a }')
    p99_ratio=$(awk -v a="$a_p99" -v b="$b_p99" 'BEGIN { printf "%.2f", b / a }')
    echo "$round      $a_rps $a_p50 $a_p99      $b_rps $b_p50 $b_p99      $rps_ratio       $p99_ratio"
    ratios+=("$rps_ratio $p99_ratio")
done
printf '%s\n' "${ratios[@]}" | sort -n -k1 | awk '{ r[NR] = $1 } END { printf "median B/A req/s: %s\n", r[int((NR + 1) / 2)] }'
printf '%s\n' "${ratios[@]}" | sort -n -k2 | awk '{ r[NR] = $2 } END { printf "median B/A p99:   %s\n", r[int((NR + 1) / 2)] }'
