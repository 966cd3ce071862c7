#!/usr/bin/env bash
# Slowloris probe (bench/slowloris.py): 300 connections that never finish their header section
# against a release build with --header-timeout 3, while an ordinary client keeps asking.
# Prints how the slow connections ended (408 expected) and the ordinary client's latency.
#
# Usage: bench/slowloris.sh     env: SERVE=path/to/serve  COUNT=300  DURATION=6
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
start_serve --port 0 --quiet --db :memory: --header-timeout 3
python3 "$ROOT/bench/slowloris.py" "${SERVE_BASE##*:}" "${COUNT:-300}" "${DURATION:-6}"
stop_serve
