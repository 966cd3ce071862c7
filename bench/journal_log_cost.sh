#!/usr/bin/env bash
# What the journal and the access log cost in req/s on the user route (issue 15: at most 10 %),
# interleaved so that a shared machine's load moves both sides alike.
#
#   bench/journal_log_cost.sh [SERVE_BINARY]
#   ROUNDS=5 DURATION=5s CONNECTIONS="64 256" bench/journal_log_cost.sh .build/release/serve
#   SPLIT=1 CONNECTIONS=64 bench/journal_log_cost.sh .build/release/serve
#
# One seeded database (serve's own import of seeds/) is copied for each server; serve with its default
# flags (journal on, access log to a file) and the lean serve of bench/perf.sh (`--quiet
# --journal-size 0 --journal-body-bytes 0`) run side by side. Each round runs `wrk -t1` on
# /app/user/10001 against one and then the other (the order reversed every other round) at
# each connection count, and takes the ratio ours/lean inside the round. Prints every round,
# then per connection count the median ratio, its spread (min–max) and the cost, 1 − ratio.
# SPLIT=1 adds two more servers to every round, to say which of the two costs what: the journal
# alone (`--quiet`) and the access log alone (`--journal-size 0 --journal-body-bytes 0`), each
# with its own ratio to the lean serve of the same round.
# Without a binary, serve is built in release mode into SCRATCH (default .build-release).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-"64 256"}
SPLIT=${SPLIT:-0}
ROUTE=/app/user/10001
SERVE=${1:-${SERVE:-}}
if [[ -z "$SERVE" ]]; then
    SCRATCH=${SCRATCH:-$ROOT/.build-release}
    build_serve
fi
require_wrk

seed_database "$SERVE" "$WORK/seeded.sqlite"

declare -A PORT
# launch NAME FLAGS…: serve on a copy of the seeded database, its output in $WORK/NAME.log.
launch() {
    local name=$1
    shift
    copy_database "$WORK/seeded.sqlite" "$WORK/$name.sqlite"
    "$SERVE" --port 0 --db "$WORK/$name.sqlite" "$@" >"$WORK/$name.log" 2>&1 &
    BENCH_PIDS+=("$!")
    for _ in $(seq 1 3000); do
        PORT[$name]=$(sed -n 's/^listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/$name.log" | head -n 1)
        [[ -n "${PORT[$name]}" ]] && grep -q 'seeded template built' "$WORK/$name.log" && return 0
        sleep 0.1
    done
    echo "$name did not start:" >&2; cat "$WORK/$name.log" >&2; exit 1
}
# The servers measured against the lean one, and what each keeps.
measured=(ours)
launch ours
launch lean --quiet --journal-size 0 --journal-body-bytes 0
if ((SPLIT)); then
    measured+=(journal log)
    launch journal --quiet
    launch log --journal-size 0 --journal-body-bytes 0
fi
servers=("${measured[@]}" lean)

for server in "${servers[@]}"; do
    wrk -t1 -c64 -d2s "http://127.0.0.1:${PORT[$server]}$ROUTE" >/dev/null   # warm-up
done
for round in $(seq 1 "$ROUNDS"); do
    order=("${servers[@]}")
    if ((round % 2 == 0)); then order=(); for ((i = ${#servers[@]} - 1; i >= 0; i--)); do order+=("${servers[i]}"); done; fi
    for connections in $CONNECTIONS; do
        declare -A RPS=()
        for server in "${order[@]}"; do
            : >"$WORK/$server.log"   # the access log, emptied
            read -r rps _ < <(wrk -t1 -c"$connections" -d"$DURATION" --latency "http://127.0.0.1:${PORT[$server]}$ROUTE" | wrk_figures)
            RPS[$server]=$rps
        done
        line="round $round, $connections connections: lean ${RPS[lean]} req/s"
        for server in "${measured[@]}"; do
            ratio=$(awk -v a="${RPS[$server]}" -v b="${RPS[lean]}" 'BEGIN { printf "%.3f", a / b }')
            line+=", $server ${RPS[$server]} req/s ($server/lean $ratio)"
            echo "$ratio" >>"$WORK/ratios.$server.$connections"
        done
        echo "$line"
    done
done
for connections in $CONNECTIONS; do
    for server in "${measured[@]}"; do
        median=$(median_of_stdin <"$WORK/ratios.$server.$connections")
        spread=$(sort -g "$WORK/ratios.$server.$connections" | awk 'NR == 1 { low = $1 } { high = $1 } END { printf "%s–%s", low, high }')
        awk -v c="$connections" -v n="$server" -v m="$median" -v s="$spread" \
            'BEGIN { printf "%s connections: %s/lean %.2f [%s], cost %.1f %%\n", c, n, m, s, (1 - m) * 100 }'
    done
done
