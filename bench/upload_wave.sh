#!/usr/bin/env bash
# Upload waves (bench/upload_wave.py): 3 waves of 50 concurrent 15 MB uploads against a release
# build with the default limits (16 MiB bodies, 128 MiB body budget). Prints per wave how the
# uploads were answered and the server's peak and settled resident memory.
# Goals (issue 16): peak < 300 MB, back under 80 MB within 10 s, no upload without an answer.
# The trim after a burst is what brings it back: with malloc_trim made a no-op (LD_PRELOAD of a
# shared object defining `int malloc_trim(size_t) { return 0; }`, SERVE=a wrapper script setting
# it) waves 2 and 3 settled at 141 MB instead of 47 MB.
#
# Usage: bench/upload_wave.sh     env: SERVE=path/to/serve  CLIENTS=50 MB=15 WAVES=3 SETTLE=10
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
start_serve --port 0 --quiet --db :memory:
python3 "$ROOT/bench/upload_wave.py" "${SERVE_BASE##*:}" "$SERVE_PID" "${CLIENTS:-50}" "${MB:-15}" \
    "${WAVES:-3}" "${SETTLE:-10}"
stop_serve
