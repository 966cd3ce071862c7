#!/usr/bin/env bash
# The descriptor limit (bench/descriptor_limit.py): a release build started with at most 256
# open files (prlimit), 400 clients that each ask once and stay open. Prints how they were
# answered: 200 while descriptors last, then 503 with Retry-After: 1; "no answer" must be 0.
#
# Usage: bench/descriptor_limit.sh     env: SERVE=path/to/serve  COUNT=400  LIMIT=256
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
SERVE_UNLIMITED=$SERVE
SERVE="$WORK/serve-limited"
printf '#!/bin/sh\nexec prlimit --nofile=%s:%s "%s" "$@"\n' "${LIMIT:-256}" "${LIMIT:-256}" "$SERVE_UNLIMITED" >"$SERVE"
chmod +x "$SERVE"
start_serve --port 0 --quiet --db :memory:
python3 "$ROOT/bench/descriptor_limit.py" "${SERVE_BASE##*:}" "${COUNT:-400}"
stop_serve
