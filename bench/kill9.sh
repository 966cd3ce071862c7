#!/usr/bin/env bash
# Durability under kill -9 (bench/kill9.py): TRIALS times, a release build on one database file
# takes writes from 4 keep-alive clients and is killed with SIGKILL at a random moment; after
# each kill the file must pass integrity_check and hold every acknowledged write.
# Prints one line per trial and the totals; exits 1 when a write was lost or the file is damaged.
# (The in-suite DurabilityTests keeps a 3-round version at the Store level.)
#
# Usage: bench/kill9.sh     env: SERVE=path/to/serve  TRIALS=50  WRITERS=4  SEED=16
set -euo pipefail
source "$(dirname "$0")/lib.sh"

build_serve
python3 "$ROOT/bench/kill9.py" "$SERVE" "$WORK/kill9.sqlite" "$ROOT/seeds" "${TRIALS:-50}" "${WRITERS:-4}"
