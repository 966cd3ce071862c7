#!/usr/bin/env bash
# First start of `serve` (migrations and the import of a seeds directory) for two seeds
# directories, interleaved (A, B, A, B, …) so that a noisy machine hurts both alike: per round
# the seconds until the listening line for each, and B/A; at the end the median of the ratios.
#
# Usage: bench/youfan_seed_import.sh SEEDS_A SEEDS_B
#   env: ROUNDS=5 SERVE=.build/debug/serve
#   e.g. git archive main seeds | tar -x -C /tmp/main && bench/youfan_seed_import.sh /tmp/main/seeds seeds
set -euo pipefail
cd "$(dirname "$0")/.."

[[ $# -eq 2 && -d "$1" && -d "$2" ]] || { echo "usage: $0 SEEDS_A SEEDS_B (two seeds directories)" >&2; exit 2; }
ROUNDS=${ROUNDS:-5}
SERVE=${SERVE:-.build/debug/serve}
[[ -x "$SERVE" ]] || { echo "no $SERVE: swift build first" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

first_start() {   # seconds from launch to the listening line, on a fresh database
    rm -f "$WORK"/db.sqlite*
    : > "$WORK/out"
    local start end pid
    start=$(date +%s.%N)
    "$SERVE" --db "$WORK/db.sqlite" --port 0 --seeds "$1" --quiet >> "$WORK/out" 2>&1 &
    pid=$!
    until grep -q '^listening' "$WORK/out"; do
        kill -0 "$pid" 2>/dev/null || { echo "serve exited: $(cat "$WORK/out")" >&2; exit 1; }
        sleep 0.05
    done
    end=$(date +%s.%N)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    echo "$end - $start" | bc
}

ratios=()
for round in $(seq "$ROUNDS"); do
    a=$(first_start "$1")
    b=$(first_start "$2")
    ratio=$(echo "scale=3; $b / $a" | bc)
    ratios+=("$ratio")
    printf 'round %d  A %6.2fs  B %6.2fs  B/A %s\n' "$round" "$a" "$b" "$ratio"
done
printf 'median B/A %s\n' "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}')"
