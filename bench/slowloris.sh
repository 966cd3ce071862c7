#!/usr/bin/env bash
# Slowloris probe (bench/slowloris.py): 3,000 connections that never finish their header section
# against a release build with --header-timeout 3, each reopened as soon as its 408 arrives, so
# they all expire together and come back, while an ordinary client keeps asking. Prints how the
# slow connections ended (408 expected) and the ordinary client's p50 / p99 / max latency.
# Goal (issue 16): ordinary p99 < 5 ms.
#
# Usage: bench/slowloris.sh     env: SERVE=path/to/serve  COUNT=3000  DURATION=10
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# Both sides hold COUNT descriptors (the server raises its own soft limit at start).
ulimit -n "$(ulimit -Hn)"
build_serve
start_serve --port 0 --quiet --db :memory: --header-timeout 3
python3 "$ROOT/bench/slowloris.py" "${SERVE_BASE##*:}" "${COUNT:-3000}" "${DURATION:-10}"
stop_serve
