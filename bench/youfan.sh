#!/usr/bin/env bash
# Youfan throughput and memory: wrk at 64 connections on the home layout, a brand page and a
# product detail (each for DURATION, default 10s), then all three mixed for RSS_SECONDS (default
# 60) while the server's resident memory is sampled every 5 s, to show it stays flat.
#
#   bench/youfan.sh                     # builds serve in release (once) and runs everything
#   SERVE=/path/to/serve bench/youfan.sh  (SERVE_BIN is read too)
#   DURATION=30s RSS_SECONDS=120 THREADS=2 CONNECTIONS=64 bench/youfan.sh
#
# Run it on a quiet machine: wrk and the server share the cores.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

DURATION=${DURATION:-10s}
RSS_SECONDS=${RSS_SECONDS:-60}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
SERVE=${SERVE:-${SERVE_BIN:-}}
require_wrk
build_serve
start_serve --port 0 --db "$WORK/mock.sqlite" --seeds seeds --quiet
base=$SERVE_BASE
pid=$SERVE_PID
work=$WORK

ios='_platform=iphone&appName=youfan&deviceId=4F9A2C1E-8B7D-4E55-9C1A-3D2F6B8E0A71&osCode=93&osName=iOS&osVersion=9.3.2&token='
home="/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=1&$ios"
brands="/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&cid=2&pageIndex=1&pageSize=30&$ios"
detail="/mbfun_server/index.php?m=Product&a=getProductDetails&code=160300001&$ios"

for path in "$home" "$brands" "$detail"; do
    body=$(curl -sS --fail --max-time 5 "$base$path")
    grep -q '^{"status":1,' <<<"$body" || { echo "unexpected answer for $path: ${body:0:200}"; exit 1; }
    echo "== $(sed 's/.*a=\([A-Za-z0-9]*\).*/\1/' <<<"$path") ($(printf '%s' "$body" | wc -c) bytes)"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$base$path" | grep -E 'Requests/sec|Latency |Non-2xx|Socket errors|  50%|  99%'
done

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status"; }
cat >"$work/mix.lua" <<LUA
local paths = { "$home", "$brands", "$detail" }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % 3) + 1])
end
LUA
echo "== mixed for ${RSS_SECONDS}s; RSS (KiB) every 5 s"
samples="$(rss)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${RSS_SECONDS}s" -s "$work/mix.lua" "$base" >"$work/mix.txt" &
wrk_pid=$!
for _ in $(seq 5 5 "$RSS_SECONDS"); do
    sleep 5
    samples="$samples $(rss)"
done
wait "$wrk_pid"
grep -E 'Requests/sec|Non-2xx|Socket errors' "$work/mix.txt"
echo "RSS KiB: $samples"
