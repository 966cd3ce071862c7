#!/usr/bin/env bash
# User-space instructions per request, counted by callgrind (machine load does not move them).
#
#   bench/callgrind_user.sh [SERVE_BINARY] [ROUTE]
#
# Seeds a temp database with a plain start of SERVE (default: release build in .build-release),
# then runs SERVE under `valgrind --tool=callgrind` on that database, sends WARM (200) requests,
# zeroes the counters, sends exactly N (2000) requests over one keep-alive connection
# (Python http.client), dumps, and prints Ir / N plus the top functions, inclusive and self.
# ROUTE defaults to /app/user/10001. KEEP=DIR keeps the callgrind.out file in DIR.
# SERVE_ARGS adds arguments to the profiled serve: the lean serve of bench/perf.sh is
#   SERVE_ARGS="--quiet --journal-size 0 --journal-body-bytes 0" bench/callgrind_user.sh
#
# The journal writes in batches of exactly JOURNAL_BATCH (40) entries, none on its timer
# (MOCK_JOURNAL_FIXED_BATCH, read by the journal only when set): left to its timer, a batch took
# as many requests as valgrind let through in 100 ms, and the journal's share moved with the
# machine's load. WARM and N are multiples of it, and the counters are zeroed and dumped once
# the server is idle, so the count holds exactly N / JOURNAL_BATCH batches. A binary older than
# the variable ignores it (its batches still follow the timer).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SERVE=${1:-${SERVE:-}}
ROUTE=${2:-/app/user/10001}
N=${N:-2000}
WARM=${WARM:-200}
JOURNAL_BATCH=${JOURNAL_BATCH:-40}
read -r -a EXTRA_ARGS <<<"${SERVE_ARGS:-}"
if (( N % JOURNAL_BATCH != 0 || WARM % JOURNAL_BATCH != 0 )); then
    echo "N ($N) and WARM ($WARM) must be multiples of JOURNAL_BATCH ($JOURNAL_BATCH)" >&2; exit 1
fi
if [[ -z "$SERVE" ]]; then
    SCRATCH=${SCRATCH:-$ROOT/.build-release}
    build_serve
fi
SERVE=$(realpath "$SERVE")
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

# Swift symbols readable when swift-demangle is around; paths of binaries dropped.
demangle() {
    if command -v swift-demangle >/dev/null; then swift-demangle --simplified; elif command -v swift >/dev/null; then swift demangle --simplified; else cat; fi \
        | sed -e 's/ \[\/[^]]*\]$//' | cut -c1-200
}

DB="$WORK/mock.sqlite"
start_serve --port 0 --db "$DB"
stop_serve

# Valgrind 3.19 cannot read Swift's DWARF 5: profile a copy without debug info (the symbol
# table, and so the function names, stay). Under valgrind the start takes seconds;
# start_serve waits up to 60 s for the listening line.
real_serve=$SERVE
strip --strip-debug -o "$WORK/serve" "$SERVE"
SERVE=valgrind
# COLLECT_ONLY=1 counts only inside the request path and the journal's writes (callgrind's
# --toggle-collect), so the self costs below are theirs alone, not the seeded template's.
COLLECT=()
if [[ -n "${COLLECT_ONLY:-}" ]]; then
    # readable: binaries before the epoll loops; socketReadable: after.
    COLLECT=(--toggle-collect='*ConnectionC8readable*' --toggle-collect='*ConnectionC14socketReadable*'
             --toggle-collect='*JournalC12writePending*')
fi
MOCK_JOURNAL_FIXED_BATCH=$JOURNAL_BATCH start_serve --tool=callgrind --dump-instr=no --callgrind-out-file="$WORK/callgrind.out.%p" "${COLLECT[@]}" \
    "$WORK/serve" --port 0 --db "$DB" "${EXTRA_ARGS[@]}"
SERVE=$real_serve
VALGRIND_PID=$SERVE_PID

python3 - "$SERVE_BASE" "$ROUTE" "$N" "$WARM" "$VALGRIND_PID" <<'PY'
import http.client, subprocess, sys, time, urllib.parse
base, route, n, warm, pid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
url = urllib.parse.urlsplit(base)
connection = http.client.HTTPConnection(url.hostname, url.port)
def send(count):
    for _ in range(count):
        connection.request("GET", route, headers={"Accept": "*/*"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"{route} answered {response.status}")
send(warm)
# The seeded template of the sessions is built in the background at start; under valgrind that
# takes seconds of CPU and, valgrind running one thread at a time, starves the journal's
# background writes meanwhile. Count only once the server is idle (its CPU time stops growing).
def cpu_ticks():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])
# Idle: three seconds in a row with under 30 ms of CPU each (a busy server starved by a loaded
# machine, or waiting on its disk, can look idle for one second).
def wait_until_idle():
    previous, quiet = cpu_ticks(), 0
    for _ in range(900):
        time.sleep(1)
        now = cpu_ticks()
        quiet = quiet + 1 if now - previous < 3 else 0
        previous = now
        if quiet == 3:
            break
wait_until_idle()
# The wait may have outlasted the keep-alive timeout: a fresh connection, warmed again.
connection.close()
connection = http.client.HTTPConnection(url.hostname, url.port)
send(warm)
# The last warm-up batch is written before the count starts, the last counted one before the dump.
# The wait may outlast the server's wait for a next request: the counted requests go on a new
# connection, accepted before the count starts.
wait_until_idle()
connection.close()
connection = http.client.HTTPConnection(url.hostname, url.port)
connection.connect()
time.sleep(1)
subprocess.run(["callgrind_control", "-z", pid], check=True, stdout=subprocess.DEVNULL)
send(n)
wait_until_idle()
subprocess.run(["callgrind_control", "-d", pid], check=True, stdout=subprocess.DEVNULL)
connection.close()
PY
stop_serve

DUMP=$(ls "$WORK"/callgrind.out.*.1 | head -n 1)
TOTAL=$(awk '/^summary:/ { print $2 }' "$DUMP")
INCLUSIVE="$WORK/inclusive.txt"
callgrind_annotate --inclusive=yes --threshold=100 "$DUMP" 2>/dev/null >"$INCLUSIVE"
# Inclusive cost of the first function whose mangled name matches $1.
# 0 when none does (a build without sessions has no template; set -e must not stop the script).
cost_of() { { grep -E "$1" "$INCLUSIVE" || true; } | head -n 1 | awk '{ gsub(",", "", $1); printf "%.0f\n", $1 }'; }
READS=$(cost_of 'Connection(C8readable[0-9A-Z_]*LL|C14socketReadable)yyF ')
JOURNAL=$(cost_of 'JournalC12writePending[0-9A-Z_]*LLyyKF ')
# A start on a seeded database builds the sessions' seeded template in the background; under
# valgrind that takes minutes and overlaps the counted requests, so its cost is taken out.
TEMPLATE=$(cost_of 'SeededTemplateC7prepare[0-9A-Z_]*yyKF ')
TEMPLATE=${TEMPLATE:-0}
echo "route $ROUTE: $((TOTAL - TEMPLATE)) instructions for $N requests = $(((TOTAL - TEMPLATE) / N)) instructions/request"
echo "  (not counted: $TEMPLATE of the sessions' seeded template, built in the background meanwhile)"
echo "  request path (Connection.socketReadable, parse to response written): $((READS / N)) per request"
echo "  journal background writes (Journal.writePending):                    $((JOURNAL / N)) per request"
echo "  (the journal writes one transaction per batch of $JOURNAL_BATCH requests; a binary without"
echo "   MOCK_JOURNAL_FIXED_BATCH batches by its timer, as many as valgrind let through in 100 ms)"
echo "--- inclusive, top 40"
sed -n '/file:function/,$p' "$INCLUSIVE" | sed -n '3,42p' | demangle
echo "--- self, top 30"
callgrind_annotate --threshold=100 "$DUMP" 2>/dev/null | sed -n '/file:function/,$p' | sed -n '5,34p' | demangle
if [[ -n "${KEEP:-}" ]]; then cp "$DUMP" "$KEEP/"; echo "kept $KEEP/$(basename "$DUMP")"; fi
