#!/usr/bin/env bash
# Capture replay throughput for two `serve` binaries run interleaved (A, B, A, B, …), so a noisy
# machine hurts both alike (issue 12: replay now sends the captured response headers and the
# journal and access log mask secrets). Each binary imports the same generated HAR — ENTRIES
# Youfan-style captures, each with the response headers a real server sends (Set-Cookie,
# Cache-Control, ETag, Date, Server, Content-Length…) — into its own database; each round
# starts it with the access log and the journal on and measures one replayed request with wrk
# (-t1 -c32, a query holding a `token` the masking must find). Prints req/s and p99 per run,
# then the median of the per-round ratios B/A.
#
# Usage: bench/replay_ab.sh BIN_A BIN_B
#   env: ROUNDS=5 DURATION=8s ENTRIES=2000
#   e.g. bench/replay_ab.sh /tmp/base/.build/release/serve .build/release/serve
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [[ $# -ne 2 || ! -x "$1" || ! -x "$2" ]]; then
    echo "usage: $0 BIN_A BIN_B (two serve executables)" >&2
    exit 2
fi
BINARIES=("$(realpath "$1")" "$(realpath "$2")")
ENTRIES=${ENTRIES:-2000} ROUNDS=${ROUNDS:-5} DURATION=${DURATION:-8s}
ROUTE="/mbfun_server/index.php?m=Bench&a=item&id=$((ENTRIES / 2))&deviceId=OTHER&token=t0k3n"
require_wrk

python3 - "$WORK/replay.har" "$ENTRIES" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
headers = [("Server", "nginx"), ("Date", "Mon, 23 Nov 2026 10:00:00 GMT"), ("Content-Type", "application/json"),
           ("Content-Length", "420"), ("Connection", "keep-alive"), ("Set-Cookie", "PHPSESSID=abc; path=/"),
           ("Cache-Control", "no-store, no-cache"), ("Pragma", "no-cache"), ("ETag", "\"e1\""), ("X-Powered-By", "PHP/5.6")]
entries = []
for i in range(count):
    body = json.dumps({"status": 1, "info": "", "data": [{"name": "太平鸟%d" % i, "price": "188.00"}] * 5}, ensure_ascii=False)
    entries.append({
        "request": {"method": "GET", "headers": [{"name": "Host", "value": "api.ibanggo.com"}],
                    "url": "http://api.ibanggo.com/mbfun_server/index.php?m=Bench&a=item&id=%d&deviceId=A" % i},
        "response": {"status": 200, "headers": [{"name": n, "value": v} for n, v in headers],
                     "content": {"mimeType": "application/json", "text": body}},
        "timings": {"wait": 40}})
json.dump({"log": {"version": "1.2", "entries": entries}}, open(path, "w"), ensure_ascii=False)
PY
"${BINARIES[0]}" import "$WORK/replay.har" --db "$WORK/A.sqlite" >/dev/null
"${BINARIES[1]}" import "$WORK/replay.har" --db "$WORK/B.sqlite" >/dev/null

# run NAME BIN: one measured run; appends "rps p99_ms" to $WORK/NAME.runs and prints it.
run() {
    local name=$1 bin=$2
    SERVE=$bin start_serve --port 0 --db "$WORK/$name.sqlite" --seeds "$WORK/none"
    curl -sf -o /dev/null "$SERVE_BASE$ROUTE" || { echo "$name: the replayed route does not answer 200" >&2; exit 1; }
    wrk -t1 -c32 -d2s "$SERVE_BASE$ROUTE" >/dev/null   # warm-up
    wrk -t1 -c32 -d"$DURATION" --latency "$SERVE_BASE$ROUTE" | awk '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v + 0 }
        $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
        END { printf "%.0f %.2f\n", rps, p99 }' >>"$WORK/$name.runs"
    stop_serve
    echo "$name: $(tail -n 1 "$WORK/$name.runs") (req/s, p99 ms)"
}

mkdir -p "$WORK/none"
echo "A = ${BINARIES[0]}"
echo "B = ${BINARIES[1]}"
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round"
    run A "${BINARIES[0]}"
    run B "${BINARIES[1]}"
done
ab_ratio_summary
