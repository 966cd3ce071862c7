#!/usr/bin/env bash
# The 30-try reset counts of issue 16: clients that keep sending after the server answered
# (a 20 MB upload over the 16 MiB limit from Python http.client and from curl, a 20 MB upload
# announced of which 3 MB are sent, a 100 KB request line, an invalid Content-Length followed by
# 2 MB). Prints, per case, how many tries read the error answer and what the others got
# (bench/abuse_close.py says what each case does).
#
# Usage: bench/abuse_close.sh            (release build of this checkout)
#   env: SERVE=path/to/serve  (another binary, e.g. main's, for the figures before the change)
#        TRIES=30
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
start_serve --port 0 --quiet --db :memory:
python3 "$ROOT/bench/abuse_close.py" --port "${SERVE_BASE##*:}" --tries "${TRIES:-30}"
stop_serve
