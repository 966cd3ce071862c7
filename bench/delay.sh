#!/usr/bin/env bash
# Delay benchmark, against the real `serve` binary on loopback: 5,000 concurrent requests, each
# delayed 1 s by `X-Mock-Delay: 1000`, must all finish in about 1 s (delays hold no thread).
#   1. a small Python client opens 5,000 connections, then sends one request on each at once
#      and times until the last response has arrived;
#   2. wrk with 5,000 connections for $DURATION, every request delayed 1 s: throughput should be
#      about 5,000 requests/s and the latency about 1 s.
# Usage: bench/delay.sh     (env: PORT=18081 DURATION=10s CONNECTIONS=5000 SCRATCH=… SERVE=prebuilt binary)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

PORT=${PORT:-18081}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-5000}
require_wrk

# Each side of every connection needs a descriptor: raise the limit as far as allowed.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "open files limit: $(ulimit -n)"

build_serve
start_serve --port "$PORT" --db :memory: --seeds "$ROOT/seeds" --quiet --journal-size 20000

cat >"$WORK/burst.py" <<'PY'
import asyncio, sys, time

port, count, delay = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
request = (b"GET /app/tagCategories HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mock-Delay: " + delay.encode() +
           b"\r\nConnection: close\r\n\r\n")

async def main():
    semaphore = asyncio.Semaphore(500)           # stay under the listen backlog while connecting
    async def connect():
        async with semaphore:
            return await asyncio.open_connection("127.0.0.1", port)
    connections = await asyncio.gather(*(connect() for _ in range(count)))
    start = time.monotonic()
    async def exchange(reader, writer):
        writer.write(request)
        await writer.drain()
        data = await reader.read()               # until the server closes: one whole response
        writer.close()
        return data.split(b" ", 2)[1] if data else b"none", time.monotonic() - start
    results = await asyncio.gather(*(exchange(r, w) for r, w in connections))
    total = time.monotonic() - start
    statuses = {}
    for status, _ in results:
        statuses[status.decode()] = statuses.get(status.decode(), 0) + 1
    times = sorted(t for _, t in results)
    print(f"{count} requests with X-Mock-Delay: {delay}: all done in {total:.3f} s; statuses {statuses}; "
          f"first {times[0]:.3f} s, median {times[len(times)//2]:.3f} s, last {times[-1]:.3f} s")

asyncio.run(main())
PY
echo "== 1. $CONNECTIONS concurrent requests (connections opened first, then all sent at once)"
echo "   baseline without delay (what the client and the server's work cost), then each delayed 1 s:"
python3 "$WORK/burst.py" "$PORT" "$CONNECTIONS" 0
python3 "$WORK/burst.py" "$PORT" "$CONNECTIONS" 1000

echo "== 2. wrk, 2 threads, $CONNECTIONS connections, $DURATION, every request delayed 1 s"
wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --timeout 5s --latency -H "X-Mock-Delay: 1000" \
    "http://127.0.0.1:$PORT/app/tagCategories"

echo "== journal after the run"
curl -sf "http://127.0.0.1:$PORT/__admin/requests/count?pathPrefix=/app/tagCategories"; echo
