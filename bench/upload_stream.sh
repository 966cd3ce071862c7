#!/usr/bin/env bash
# Peak resident memory of `serve` forwarding one large upload to an upstream (issue 12): a body
# over --max-body-bytes on a request that goes upstream is streamed there as it arrives, so the
# server should hold a window of it (256 KiB plus socket reads), not the body. The upstream is
# bench/upload_sink.py, which answers the byte count and SHA-256 it received; the script checks
# them against the file sent. Record mode is on (the body is too large to record: the answer
# must say `upstream;too-large-to-record`). One run per invocation: VmHWM of the serve process
# before and after the upload, and the upload's wall time (curl).
#
# Usage: bench/upload_stream.sh     env: SERVE=path/to/serve  MB=200  CHUNKED=0 (1: chunked upload)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

MB=${MB:-200}
build_serve
python3 "$ROOT/bench/upload_sink.py" >"$WORK/sink.log" 2>&1 &
BENCH_PIDS+=("$!")
for _ in $(seq 1 100); do
    SINK_PORT=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$WORK/sink.log")
    [[ -n "$SINK_PORT" ]] && break
    sleep 0.1
done
[[ -n "$SINK_PORT" ]] || { echo "upload sink did not start" >&2; cat "$WORK/sink.log" >&2; exit 1; }
head -c $((MB << 20)) /dev/urandom >"$WORK/body"
expected=$(sha256sum "$WORK/body" | cut -d' ' -f1)

start_serve --port 0 --quiet --db :memory: --record --upstream "http://127.0.0.1:$SINK_PORT"
hwm() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$SERVE_PID/status"; }
before=$(hwm)
if [[ ${CHUNKED:-0} == 1 ]]; then
    upload=(-T - -H 'Transfer-Encoding: chunked')
    exec 3<"$WORK/body"
else
    upload=(-T "$WORK/body")
    exec 3</dev/null
fi
start=$(date +%s.%N)
curl -sS -X POST "${upload[@]}" -D "$WORK/head" -o "$WORK/answer" "$SERVE_BASE/app/bench-upload" <&3
seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
after=$(hwm)
stop_serve

grep -qi '^X-Mock-Answered-By: upstream;too-large-to-record' "$WORK/head" \
    || { echo "the answer is not marked too-large-to-record:" >&2; cat "$WORK/head" >&2; exit 1; }
received=$(python3 -c 'import json,sys; a = json.load(open(sys.argv[1])); print(a["bytes"], a["sha256"])' "$WORK/answer")
[[ $received == "$((MB << 20)) $expected" ]] || { echo "upstream received $received, expected $((MB << 20)) $expected" >&2; exit 1; }
echo "upload ${MB} MB$([[ ${CHUNKED:-0} == 1 ]] && echo ' chunked') forwarded intact in ${seconds} s;" \
    "serve peak RSS (VmHWM) ${before} MB before, ${after} MB after"
