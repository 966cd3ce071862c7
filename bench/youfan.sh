#!/usr/bin/env bash
# Youfan throughput and memory: wrk at 64 connections on the home layout, a brand page and a
# product detail (each for DURATION, default 10s), then all three mixed for RSS_SECONDS (default
# 60) while the server's resident memory is sampled every 5 s, to show it stays flat.
#
#   bench/youfan.sh                     # builds serve in release (once) and runs everything
#   SERVE_BIN=/path/to/serve bench/youfan.sh
#   DURATION=30s RSS_SECONDS=120 THREADS=2 CONNECTIONS=64 bench/youfan.sh
#
# Run it on a quiet machine: wrk and the server share the cores.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
RSS_SECONDS=${RSS_SECONDS:-60}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }

if [[ -z "${SERVE_BIN:-}" ]]; then
    swift build -c release --product serve
    SERVE_BIN="$(swift build -c release --show-bin-path)/serve"
fi

work=$(mktemp -d)
log="$work/serve.log"
"$SERVE_BIN" --port 0 --db "$work/mock.sqlite" --seeds seeds --quiet >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do
    grep -q '^listening on ' "$log" && break
    kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "serve exited early"; exit 1; }
    sleep 0.1
done
base=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$log" | head -n 1)
[[ -n "$base" ]] || { cat "$log"; echo "no listening line"; exit 1; }

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
