#!/usr/bin/env bash
# Session creation and reset times (issue 14), release build, bundled seeds. Starts two serves on
# fresh databases (each start imports the seeds and keeps the seeded template as a copy): S with
# one spare session kept ready (the default) and C with --spare-sessions 0 (a new session copies
# the template on its first request). Then ROUNDS times each, interleaved (S, C, S, C …), printing
# the median in milliseconds:
#   create:spare   a first request in a new session (GET /__admin/health, X-Mock-Session: new-N)
#                  on S once its spare is ready: curl's total time
#   create:copy    the same on C: template copy and session stack on the request's path
#   first-api:*    the first API request in that new session (GET /app/specialCategories?page=1)
#   reset:one      POST /__admin/reset in a session after a registration there: curl's total time,
#                  and the restore time the server reports (reseeded.milliseconds)
#   reset:default  the same in the default session
#   reset:all      POST /__admin/reset?all=true with SESSIONS named sessions alive (plus the default)
# Then it restarts C on the same database, which must rebuild the template (the database was
# not seeded by that start), and prints the build time serve logs: what every reset cost before,
# and what a first session or reset of such a start waits for if it comes before the build ends.
#
# Usage: bench/sessions.sh        env: ROUNDS=20 SESSIONS=4 SERVE=path/to/serve (else a release build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ROUNDS=${ROUNDS:-20}
SESSIONS=${SESSIONS:-4}
build_serve

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ms() { awk '{ printf "%.2f\n", $1 * 1000 }'; }

# timed ARGS…: curl's total time in seconds for one request; the body goes to $WORK/body.
timed() { curl -sS -o "$WORK/body" -w '%{time_total}\n' "$@"; }

register() { # register SESSION-HEADER-ARGS… : one write in that session, untimed
    curl -sS -o /dev/null "$@" -d "email=bench$RANDOM$RANDOM@maka.im&password=secret123" "$SERVE_BASE/app/user/register"
}

ROUTE="/app/specialCategories?page=1"
# spare_ready BASE: waits until that serve has its spare session ready.
spare_ready() {
    for _ in $(seq 1 600); do
        curl -sS "$1/__admin/sessions" | python3 -c 'import json,sys; s=json.load(sys.stdin)["spareSessions"]; sys.exit(s["ready"] < s["target"])' && return 0
        sleep 0.05
    done
    echo "no spare session became ready at $1" >&2; exit 1
}
# create NAME BASE ROUND: times a new session's first request and its first API request.
create() {
    timed -H "X-Mock-Session: new-$3" "$2/__admin/health" | ms >>"$WORK/create-$1"
    timed -H "X-Mock-Session: new-$3" "$2$ROUTE" | ms >>"$WORK/first-$1"
    curl -sS -o /dev/null -X DELETE "$2/__admin/sessions/new-$3"
}

start_serve --port 0 --quiet --db "$WORK/spare.sqlite" --seeds "$ROOT/seeds"
SPARE_BASE=$SERVE_BASE
SPARE_PID=$SERVE_PID
BENCH_PIDS+=("$SPARE_PID")
SERVE_PID=""
mv "$WORK/serve.log" "$WORK/spare-serve.log"   # the next start writes its own serve.log
start_serve --port 0 --quiet --db "$WORK/bench.sqlite" --seeds "$ROOT/seeds" --spare-sessions 0
curl -sS -o /dev/null -X POST "$SERVE_BASE/__admin/reset"   # the template is ready before timing

for i in $(seq 1 "$ROUNDS"); do
    spare_ready "$SPARE_BASE"
    create spare "$SPARE_BASE" "$i"
    spare_ready "$SPARE_BASE"   # its refill does not overlap the copy measured next
    create copy "$SERVE_BASE" "$i"
done
spare_bytes=$(curl -sS "$SPARE_BASE/__admin/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["default"]["databaseBytes"])')
kill -TERM "$SPARE_PID"
wait "$SPARE_PID" 2>/dev/null || true
for i in $(seq 1 "$ROUNDS"); do
    register -H "X-Mock-Session: one"
    timed -X POST -H "X-Mock-Session: one" "$SERVE_BASE/__admin/reset" | ms >>"$WORK/reset-one"
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reseeded"]["milliseconds"])' "$WORK/body" >>"$WORK/restore-one"
    register
    timed -X POST "$SERVE_BASE/__admin/reset" | ms >>"$WORK/reset-default"
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reseeded"]["milliseconds"])' "$WORK/body" >>"$WORK/restore-default"
done
for s in $(seq 1 "$SESSIONS"); do curl -sS -o /dev/null -H "X-Mock-Session: all-$s" "$SERVE_BASE/__admin/health"; done
for i in $(seq 1 "$ROUNDS"); do
    register -H "X-Mock-Session: all-1"
    timed -X POST "$SERVE_BASE/__admin/reset?all=true" | ms >>"$WORK/reset-all"
done
bytes=$(curl -sS "$SERVE_BASE/__admin/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["default"]["databaseBytes"])')
stop_serve

start_serve --port 0 --quiet --db "$WORK/bench.sqlite" --seeds "$ROOT/seeds"
for _ in $(seq 1 600); do grep -q 'seeded template built' "$WORK/serve.log" && break; sleep 0.1; done
rebuild=$(sed -n 's/.*seeded template built in \([0-9]*\) ms.*/\1/p' "$WORK/serve.log")
stop_serve

echo "database: $bytes bytes (with WAL; the spare server's $spare_bytes); medians of $ROUNDS, ms"
printf 'create:spare      %s\n' "$(median <"$WORK/create-spare")"
printf 'create:copy       %s\n' "$(median <"$WORK/create-copy")"
printf 'first-api:spare   %s\n' "$(median <"$WORK/first-spare")"
printf 'first-api:copy    %s\n' "$(median <"$WORK/first-copy")"
printf 'reset:one         %s (restore %s)\n' "$(median <"$WORK/reset-one")" "$(median <"$WORK/restore-one")"
printf 'reset:default     %s (restore %s)\n' "$(median <"$WORK/reset-default")" "$(median <"$WORK/restore-default")"
printf 'reset:all (%d+1)   %s\n' "$SESSIONS" "$(median <"$WORK/reset-all")"
printf 'template rebuild  %s (once per run when the start did not seed; the old per-reset cost)\n' "${rebuild:-?}"
