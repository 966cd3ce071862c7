#!/usr/bin/env bash
# Read latency under concurrent writes, for two `serve` binaries run interleaved (A, B, A, B, …)
# so that a noisy machine hurts both alike. Each run starts the binary on a fresh copy of a
# database it seeded itself, then measures a read route with wrk (-t1 -c64):
#   1. read-only;
#   2. the same while bench/write_load.py sends logged-in `PUT /app/user/{uid}` at WRITE_RATE/s.
# Per run it prints read req/s, p50 and p99 for both, the achieved write rate, and
# p99(with writes) / p99(read-only); at the end the median of those ratios per binary.
#
# Usage: bench/write_load.sh BIN_A BIN_B
#   env: ROUNDS=5 DURATION=10s WRITE_RATE=50 ROUTE='/app/publicEvents?page=1&pageSize=20'
#   e.g. bench/write_load.sh /tmp/base/.build/release/serve .build/release/serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"

two_binaries "$@"
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10s}
WRITE_RATE=${WRITE_RATE:-50}
ROUTE=${ROUTE:-/app/publicEvents?page=1&pageSize=20}
seconds=${DURATION%s}
require_wrk --install

# seed NAME BIN: one database per binary, seeded by that binary (its own migrations).
seed() {
    SERVE=$2 start_serve --port 0 --quiet --db "$WORK/$1.seeded.sqlite" --seeds "$ROOT/seeds"
    stop_serve
}

# run ROUND NAME BIN: one measured run; prints its row and appends
# "rps p50 p99 rps_w p50_w p99_w writes_per_s ratio" to $WORK/NAME.runs
run() {
    local round=$1 name=$2 bin=$3 port read_only with_writes writer
    # The seeding server has stopped: its database is the file plus whatever its WAL still holds.
    rm -f "$WORK/run.sqlite" "$WORK/run.sqlite-wal" "$WORK/run.sqlite-shm"
    cp "$WORK/$name.seeded.sqlite" "$WORK/run.sqlite"
    if [[ -f "$WORK/$name.seeded.sqlite-wal" ]]; then cp "$WORK/$name.seeded.sqlite-wal" "$WORK/run.sqlite-wal"; fi
    SERVE=$bin start_serve --port 0 --quiet --db "$WORK/run.sqlite"
    port=${SERVE_BASE##*:}
    curl -sf -o /dev/null "$SERVE_BASE$ROUTE" || { echo "$name: $ROUTE does not answer 200" >&2; exit 1; }
    wrk -t1 -c64 -d2s "$SERVE_BASE$ROUTE" >/dev/null   # warm-up
    read_only=$(wrk -t1 -c64 -d"$DURATION" --latency "$SERVE_BASE$ROUTE" | wrk_figures)
    python3 "$ROOT/bench/write_load.py" 127.0.0.1 "$port" "$WRITE_RATE" "$((seconds + 2))" >"$WORK/writer.out" &
    writer=$!
    BENCH_PIDS+=("$writer")
    sleep 1
    with_writes=$(wrk -t1 -c64 -d"$DURATION" --latency "$SERVE_BASE$ROUTE" | wrk_figures)
    wait "$writer"
    stop_serve
    local writes errors
    writes=$(sed -n 's/.* rate=\([0-9.]*\).*/\1/p' "$WORK/writer.out")
    errors=$(sed -n 's/.*errors=\([0-9]*\).*/\1/p' "$WORK/writer.out")
    [[ "$errors" == 0 ]] || echo "$name: $errors writes failed" >&2
    echo "$read_only $with_writes $writes" \
        | awk '{ printf "%s %s %s %s %s %s %s %.2f\n", $1, $2, $3, $4, $5, $6, $7, ($3 > 0 ? $6 / $3 : 0) }' \
        >>"$WORK/$name.runs"
    tail -n 1 "$WORK/$name.runs" | awk -v r="$round" -v n="$name" \
        '{ printf "%-5s %-3s | %8s %8s %8s | %8s %8s %8s %9s | %s\n", r, n, $1, $2, $3, $4, $5, $6, $7, $8 }'
}

median() {   # median COLUMN NAME: the median of one column of $WORK/NAME.runs
    awk -v c="$1" '{ print $c }' "$WORK/$2.runs" | sort -g \
        | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

echo "A = $BIN_A"
echo "B = $BIN_B"
echo "route $ROUTE, wrk -t1 -c64 -d$DURATION, writes: PUT /app/user/{uid} at $WRITE_RATE/s, $ROUNDS rounds"
seed A "$BIN_A"
seed B "$BIN_B"
printf "%-5s %-3s | %8s %8s %8s | %8s %8s %8s %9s | %s\n" round bin "rd req/s" "p50 ms" "p99 ms" \
    "+w req/s" "p50 ms" "p99 ms" "writes/s" "p99 ratio"
for round in $(seq 1 "$ROUNDS"); do
    for name in A B; do
        bin=$BIN_A; [[ $name == B ]] && bin=$BIN_B
        run "$round" "$name" "$bin"
    done
done
for name in A B; do
    printf "%-5s %-3s | %8s %8s %8s | %8s %8s %8s %9s | %s\n" med "$name" \
        "$(median 1 $name)" "$(median 2 $name)" "$(median 3 $name)" "$(median 4 $name)" \
        "$(median 5 $name)" "$(median 6 $name)" "$(median 7 $name)" "$(median 8 $name)"
done
echo "median of the per-round p99 ratios: A $(median 8 A), B $(median 8 B)"
