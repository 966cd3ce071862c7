#!/usr/bin/env bash
# What stubs cost a request they do not answer (issue 14): one `serve` binary, run interleaved
# (A, B, A, B, …) so a noisy machine hurts both alike. A has no stubs; B has STUBS stubs whose
# method, path pattern, parameter regex and header all match the measured request and whose
# JSONPath on the body does not (the worst case: every stub does all its work, then says no).
# KIND=paths gives B's stubs the same conditions on distinct exact paths (/app/other-N), the
# common shape of a test suite's stubs, which the path index lets the request skip.
# Each run measures GET /app/specialCategories?page=1 (answered by the Maka module) with wrk
# -t1 -c32. Prints req/s and p99 per run, then the median of the per-round ratios B/A.
#
# Usage: bench/stubs.sh [SERVE_BINARY]   (default: a release build of this checkout)
#   env: ROUNDS=5 DURATION=8s STUBS=100 KIND=worst|paths
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ROUNDS=${ROUNDS:-5} DURATION=${DURATION:-8s} STUBS=${STUBS:-100} KIND=${KIND:-worst}
ROUTE="/app/specialCategories?page=1"
require_wrk
if [[ $# -ge 1 ]]; then SERVE=$(realpath "$1"); fi
build_serve
mkdir -p "$WORK/none"

# add_stubs BASE: STUBS stubs that match the measured request in all but its (empty) body
# (KIND=paths: in all but the path and the body).
add_stubs() {
    local path
    for i in $(seq 1 "$STUBS"); do
        if [[ $KIND == paths ]]; then path="\"path\":\"/app/other-$i\""; else path='"pathPattern":"/app/special[A-Z][a-z]+"'; fi
        curl -sf -o /dev/null --json "{\"request\":{\"method\":\"GET\",$path,
            \"params\":{\"page\":{\"matches\":\"[0-9]+\"}},\"headers\":{\"X-Bench\":{\"equalTo\":\"on\"}},
            \"body\":{\"jsonPath\":\"\$.a[0].b\",\"equalTo\":\"$i\"}},\"response\":{\"status\":500}}" "$1/__admin/stubs"
    done
}

# run NAME STUB_COUNT: one measured run; appends "rps p99_ms" to $WORK/NAME.runs and prints it.
run() {
    local name=$1 count=$2
    start_serve --port 0 --db :memory: --seeds "$WORK/none" --quiet
    if [[ $count -gt 0 ]]; then add_stubs "$SERVE_BASE"; fi
    curl -sf -o /dev/null -H "X-Bench: on" "$SERVE_BASE$ROUTE" || { echo "$name: $ROUTE does not answer 200" >&2; exit 1; }
    wrk -t1 -c32 -d2s -H "X-Bench: on" "$SERVE_BASE$ROUTE" >/dev/null   # warm-up
    wrk -t1 -c32 -d"$DURATION" -H "X-Bench: on" --latency "$SERVE_BASE$ROUTE" | wrk_figures | awk '{ print $1, $3 }' >>"$WORK/$name.runs"
    stop_serve
    echo "$name: $(tail -n 1 "$WORK/$name.runs") (req/s, p99 ms)"
}

echo "serve = $SERVE; A: no stubs, B: $STUBS stubs that do not match ($KIND)"
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round"
    run A 0
    run B "$STUBS"
done
ab_ratio_summary
