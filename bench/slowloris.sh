#!/usr/bin/env bash
# Slowloris probe (bench/slowloris.py): 3,000 connections that never finish their header section
# against a release build with --header-timeout 3, each reopened as soon as its 408 arrives, so
# they all expire together and come back, while an ordinary client keeps asking. Prints how the
# slow connections ended (408 expected) and the ordinary client's p50 / p99 / max latency.
# Goal (issue 16): ordinary p99 < 5 ms.
#
# Usage: bench/slowloris.sh                 env: SERVE=path/to/serve  COUNT=3000  DURATION=10
#        bench/slowloris.sh BIN_A BIN_B     A/B: ROUNDS (3) interleaved runs each (A, B, A, B…);
#                                           prints every run, the median p50 / p99 of each, and
#                                           the median of the per-round p99 ratios B/A
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# Both sides hold COUNT descriptors (the server raises its own soft limit at start).
ulimit -n "$(ulimit -Hn)"

# probe: one run against the started serve; prints its JSON line.
probe() {
    start_serve --port 0 --quiet --db :memory: --header-timeout 3
    python3 "$ROOT/bench/slowloris.py" "${SERVE_BASE##*:}" "${COUNT:-3000}" "${DURATION:-10}"
    stop_serve
}

if [[ $# -eq 0 ]]; then
    build_serve
    probe
    exit 0
fi

two_binaries "$@"
field() { python3 -c "import json, sys; print(json.loads(sys.stdin.read())['$1'])"; }
for round in $(seq 1 "${ROUNDS:-3}"); do
    for side in A B; do
        [[ $side == A ]] && SERVE=$BIN_A || SERVE=$BIN_B
        probe >"$WORK/run.json"
        line=$(cat "$WORK/run.json")
        echo "round $round $side: $line"
        echo "$(field ordinary_p50_ms <<<"$line") $(field ordinary_p99_ms <<<"$line")" >>"$WORK/$side.slow"
    done
done
for side in A B; do
    echo "$side median p50 $(awk '{ print $1 }' "$WORK/$side.slow" | median_of_stdin) ms," \
        "p99 $(awk '{ print $2 }' "$WORK/$side.slow" | median_of_stdin) ms"
done
echo "median per-round p99 ratio B/A: $(paste -d' ' "$WORK/A.slow" "$WORK/B.slow" | awk '{ print $4 / $2 }' | median_of_stdin)"
