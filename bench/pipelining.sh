#!/usr/bin/env bash
# Pipelining probe (bench/pipelining.py): one client writes 77,000 `GET /__admin/health`
# requests on one connection before reading, against a release build; prints the answers and
# the server's peak resident memory. Goal (issue 16): every request answered, peak < 100 MB.
#
# Usage: bench/pipelining.sh     env: SERVE=path/to/serve  COUNT=77000
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
start_serve --port 0 --quiet --db :memory:
python3 "$ROOT/bench/pipelining.py" "${SERVE_BASE##*:}" "$SERVE_PID" "${COUNT:-77000}"
stop_serve
