#!/usr/bin/env bash
# Capture benchmarks, against the real `serve` binary (release build) on loopback:
#   1. `serve import` of a generated HAR (ENTRIES entries, ~1.3 KB each): time, then re-import
#      time (every record unchanged).
#   2. Replay of a captured request (volatile parameters differing): wrk, 64 connections.
#   3. An unmatched request on a path with ENTRIES captures: the 404 with its near-miss hint.
# Usage: bench/captures.sh        (env: PORT=18081 DURATION=10s ENTRIES=20000 SCRATCH=…)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

PORT=${PORT:-18081}
DURATION=${DURATION:-10s}
ENTRIES=${ENTRIES:-20000}
BASE="http://127.0.0.1:$PORT"
require_wrk
build_serve

python3 - "$WORK/big.har" "$ENTRIES" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
entries = []
for i in range(count):
    body = json.dumps({"status": 1, "info": "", "data": [{"name": "太平鸟%d" % i, "price": "188.00"}] * 5},
                      ensure_ascii=False)
    entries.append({
        "request": {"method": "GET", "headers": [{"name": "Host", "value": "api.ibanggo.com"}],
                    "url": "http://api.ibanggo.com/mbfun_server/index.php?m=Bench&a=item&id=%d&deviceId=A" % i},
        "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                     "content": {"mimeType": "application/json", "text": body}},
        "timings": {"wait": 40}})
json.dump({"log": {"version": "1.2", "entries": entries}}, open(path, "w"), ensure_ascii=False)
PY
ls -lh "$WORK/big.har" | awk '{print "HAR size:", $5}'

DB="$WORK/bench.sqlite"
echo "== 1. import $ENTRIES entries, then re-import"
/usr/bin/time -f "import: %e s wall, %U s user, %M KB max RSS" "$SERVE" import "$WORK/big.har" --db "$DB"
/usr/bin/time -f "re-import: %e s wall, %U s user" "$SERVE" import "$WORK/big.har" --db "$DB"

start_serve --port "$PORT" --db "$DB" --quiet

HIT="$BASE/mbfun_server/index.php?a=item&m=Bench&id=777&deviceId=OTHER&version=9"
MISS="$BASE/mbfun_server/index.php?a=item&m=Bench&id=777&extra=1"
echo "== 2. replay (wrk, 2 threads, 64 connections, $DURATION)"
curl -sf "$HIT" | head -c 80; echo
wrk -t2 -c64 -d"$DURATION" --latency "$HIT"
echo "== 3. 404 with near-miss hint among $ENTRIES captures on one path (wrk, 2 threads, 16 connections, $DURATION)"
curl -s "$MISS"; echo
wrk -t2 -c16 -d"$DURATION" --latency "$MISS"
