#!/usr/bin/env bash
# The performance benchmark of issue 15, in one command. Every figure is taken so that a noisy,
# shared machine cannot fake it:
#   1. Throughput and p99, interleaved: `serve` (release, default flags: journal on, access log
#      to a file), the Hummingbird 2 peer (bench/peers: the same routes, SQL, database file and
#      JSON bytes) and nginx serving each route's bytes (captured from serve once) as a static
#      file. Every round runs every server on every route at every connection count (wrk -t1
#      --latency, DURATION each), the servers' order rotating from round to round; a ratio is
#      taken inside each round, and the median and spread (min–max) of those ratios are printed.
#      On the user route a fourth server runs too: serve without the access log and with a
#      one-entry journal, for what those two cost.
#   2. Mixed: on a serve of its own, the user route with 10 % writes (PUT /app/user/{uid}, as
#      bench/write_load.py sends it) against the same reads alone, alternating, read p99 from
#      bench/mixed.lua (the peer cannot write, so ours only).
#   3. Instructions per request on the user route under valgrind's callgrind (machine load does
#      not move them): the seeded template built, warm-up, the server idle, `callgrind_control
#      -z`, exactly CALLGRIND_REQUESTS keep-alive requests on one connection
#      (bench/keepalive_client.py), the server idle again, `callgrind_control -d`, total Ir
#      divided by the requests; for serve, the lean serve and nginx (master_process off). Serve's
#      journal writes batches of exactly JOURNAL_BATCH entries (MOCK_JOURNAL_FIXED_BATCH), so the
#      count holds the counted requests' entries, no warm-up's.
#      Valgrind cannot run the Hummingbird binary, so the peer is compared in req/s only.
#   4. Peak RSS of ours and the peer in each 256-connection run (VmHWM, reset before each), with
#      the median of the per-round ratios ours/peer as the throughput rows have, RSS with IDLE idle
#      keep-alive connections (bench/idle_connections.py), and the first 200 after starting on
#      a seeded database (bench/first_answer.py, median of STARTS starts).
# At the end one table (bench/perf_report.py), also written as Markdown to $OUT/perf.md; the raw
# runs, callgrind dumps and serve's top functions by inclusive instructions stay in $OUT.
#
#   bench/perf.sh                               # everything, about 20 minutes
#   ROUNDS=7 DURATION=8s CONNECTIONS="64 256" CALLGRIND_REQUESTS=2000 IDLE=10000 STARTS=5 bench/perf.sh
#   SERVE=/path/to/serve bench/perf.sh          # another build of serve (no build step)
#   env: SCRATCH (serve's build, .build-bench), PEER_SCRATCH, OUT (results, $SCRATCH/perf)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-"64 256"}
MIXED_CONNECTIONS=${MIXED_CONNECTIONS:-64}
CALLGRIND_REQUESTS=${CALLGRIND_REQUESTS:-2000}
IDLE=${IDLE:-10000}
STARTS=${STARTS:-5}
SCRATCH=${SCRATCH:-$ROOT/.build-bench}
PEER_SCRATCH=${PEER_SCRATCH:-$ROOT/bench/peers/.build}
OUT=${OUT:-$SCRATCH/perf}


install_tools() {
    local missing=()
    command -v wrk >/dev/null || missing+=(wrk)
    command -v nginx >/dev/null || missing+=(nginx-light)
    command -v callgrind_control >/dev/null || missing+=(valgrind)
    if ((${#missing[@]})); then
        apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null
    fi
}
install_tools
ulimit -n "$(ulimit -Hn)"
rm -rf "$OUT"
mkdir -p "$OUT/wrk" "$OUT/callgrind"

echo "== release builds"
build_serve
echo "serve: $SERVE"
(cd bench/peers && swift build -c release --scratch-path "$PEER_SCRATCH" 2>&1 | tail -n 1)
PEER="$PEER_SCRATCH/release/HummingbirdPeer"


wait_ok() {   # PORT PATH [TRIES]: until PATH answers 200 (valgrind starts slowly)
    for _ in $(seq 1 "${3:-300}"); do
        curl -sf -o /dev/null "http://127.0.0.1:$1$2" && return 0
        sleep 0.1
    done
    echo "nothing answers 200 on port $1 for $2" >&2
    exit 1
}

# launch NAME PORT COMMAND…: runs a server in the background, its output appended to
# $WORK/NAME.log; sets PID[NAME] and PORT[NAME]. An empty PORT is read from serve's
# "listening on" line.
declare -A PID PORT
launch() {
    local name=$1 port=$2
    shift 2
    : >"$WORK/$name.log"
    "$@" >>"$WORK/$name.log" 2>&1 &
    PID[$name]=$!
    BENCH_PIDS+=("$!")
    if [[ -z "$port" ]]; then
        for _ in $(seq 1 1800); do   # valgrind can take a minute to start serve
            port=$(sed -n 's/^listening on http:\/\/127\.0\.0\.1:\([0-9]*\)$/\1/p' "$WORK/$name.log" | head -n 1)
            [[ -n "$port" ]] && break
            kill -0 "${PID[$name]}" 2>/dev/null || break
            sleep 0.1
        done
        [[ -n "$port" ]] || { echo "$name did not start:" >&2; cat "$WORK/$name.log" >&2; exit 1; }
    fi
    PORT[$name]=$port
}

# settled NAME [TRIES]: waits until serve NAME has built the sessions' seeded template, which a start on
# an already-seeded database does in the background (seconds of CPU that would otherwise be
# measured as the first rounds' requests).
settled() {   # NAME [TRIES of 0.1 s, 3000]
    for _ in $(seq 1 "${2:-3000}"); do
        grep -q 'seeded template built' "$WORK/$1.log" && return 0
        kill -0 "${PID[$1]}" 2>/dev/null || break
        sleep 0.1
    done
    echo "$1 did not build its seeded template:" >&2
    cat "$WORK/$1.log" >&2
    exit 1
}

halt() {   # NAME: stop that server (TERM, by its PID) and wait for it
    kill -TERM "${PID[$1]}" 2>/dev/null || true
    wait "${PID[$1]}" 2>/dev/null || true
}

mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

echo "== seeding a database (serve's own import of seeds/)"
seed_database "$SERVE" "$WORK/seeded.sqlite"
for name in ours lean mixed idle starts; do copy_database "$WORK/seeded.sqlite" "$WORK/$name.sqlite"; done

# The journal cannot be switched off unless serve accepts --journal-size 0; the lean serve then
# keeps one entry (its body cut to 0 bytes), which still journals every request.
lean_journal=1
"$SERVE" --port 0 --quiet --db "$WORK/starts.sqlite" --journal-size 0 >"$WORK/probe.log" 2>&1 &
probe=$!
BENCH_PIDS+=("$probe")
for _ in $(seq 1 100); do
    grep -q '^listening on' "$WORK/probe.log" && { lean_journal=0; break; }
    kill -0 "$probe" 2>/dev/null || break
    sleep 0.1
done
kill -TERM "$probe" 2>/dev/null || true; wait "$probe" 2>/dev/null || true
LEAN_FLAGS=(--quiet --journal-size "$lean_journal" --journal-body-bytes 0)
echo "lean serve: ${LEAN_FLAGS[*]}"

launch ours "" "$SERVE" --port 0 --db "$WORK/ours.sqlite"
settled ours
launch lean "" "$SERVE" --port 0 --db "$WORK/lean.sqlite" "${LEAN_FLAGS[@]}"
settled lean
peer_port=$(free_port)
launch peer "$peer_port" "$PEER" "$peer_port" "$WORK/ours.sqlite"
wait_ok "${PORT[peer]}" /__admin/health

echo "== each route's answer (nginx serves these bytes; the peer must answer the same)"
nginx_dir="$WORK/nginx"
mkdir -p "$nginx_dir/www" "$nginx_dir/tmp"
for route in "${PERF_ROUTES[@]}"; do
    path=${PERF_ROUTE[$route]}
    file="$nginx_dir/www${path%%\?*}"
    mkdir -p "$(dirname "$file")"
    curl -sf -o "$file" "http://127.0.0.1:${PORT[ours]}$path" || { echo "serve does not answer 200 for $path" >&2; exit 1; }
    curl -sf -o "$WORK/peer.$route" "http://127.0.0.1:${PORT[peer]}$path" || { echo "the peer does not answer 200 for $path" >&2; exit 1; }
    if cmp -s "$file" "$WORK/peer.$route"; then same="the peer's are the same"
    else same="the peer's differ ($(wc -c <"$WORK/peer.$route") bytes)"; fi
    printf '%-7s %-72s %6s bytes; %s\n' "$route" "$path" "$(wc -c <"$file")" "$same"
done

nginx_config() {   # PORT: a config for one non-daemon nginx process on 127.0.0.1:PORT
    cat <<NGINX
daemon off;
master_process off;
worker_processes 1;
error_log $nginx_dir/error.log;
pid $nginx_dir/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    types { }
    default_type application/json;
    keepalive_requests 1000000000;
    client_body_temp_path $nginx_dir/tmp; proxy_temp_path $nginx_dir/tmp; fastcgi_temp_path $nginx_dir/tmp;
    uwsgi_temp_path $nginx_dir/tmp; scgi_temp_path $nginx_dir/tmp;
    server { listen 127.0.0.1:$1; root $nginx_dir/www; location / { } }
}
NGINX
}
nginx_port=$(free_port)
nginx_config "$nginx_port" >"$nginx_dir/throughput.conf"
launch nginx "$nginx_port" nginx -p "$nginx_dir" -c "$nginx_dir/throughput.conf"
wait_ok "$nginx_port" "${PERF_ROUTE[user]}"

# The mixed run's serve and the demo user's token (the write is that user's own profile).
launch mixed "" "$SERVE" --port 0 --db "$WORK/mixed.sqlite"
settled mixed
login=$(curl -sf -X POST -d 'email=demo@maka.im&password=demo123456' "http://127.0.0.1:${PORT[mixed]}/app/user/login")
TOKEN=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])' <<<"$login")
demo_uid=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["uid"])' <<<"$login")
WRITE_PATH=/app/user/$demo_uid
curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -d nickname=perf "http://127.0.0.1:${PORT[mixed]}$WRITE_PATH" \
    | grep -q '"code":200' || { echo "PUT $WRITE_PATH is not answered" >&2; exit 1; }

servers_for() {   # ROUTE: the servers measured on it
    if [[ $1 == user ]]; then echo ours lean peer nginx; else echo ours peer nginx; fi
}

# rotated ROUND WORD…: the words rotated left by ROUND places (each round starts elsewhere).
rotated() {
    local round=$1; shift
    local words=("$@") n=$# i
    for ((i = 0; i < n; i++)); do printf '%s ' "${words[(i + round) % n]}"; done
}

# measure ROUND ROUTE CONNECTIONS SERVER: one wrk run; a row in runs.tsv.
measure() {
    local round=$1 route=$2 connections=$3 server=$4 out figures errors
    local url="http://127.0.0.1:${PORT[$server]}${PERF_ROUTE[$route]}"
    local watch_rss=""
    if [[ $connections == 256 && ( $server == ours || $server == peer ) ]]; then
        watch_rss=1
        echo 5 >"/proc/${PID[$server]}/clear_refs"
    fi
    out="$OUT/wrk/$round.$route.$connections.$server.txt"
    wrk -t1 -c"$connections" -d"$DURATION" --latency "$url" >"$out"
    if [[ -n "$watch_rss" ]]; then echo "$round $route $server $(mb "${PID[$server]}" VmHWM)" >>"$OUT/load_rss.txt"; fi
    figures=$(wrk_figures <"$out")
    errors=$(grep -E 'Non-2xx|Socket errors' "$out" | tr -s ' ' | paste -sd ';' - || true)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$route" "$connections" "$server" "${figures// /$'\t'}" "${errors:--}" >>"$OUT/runs.tsv"
    printf '  %-7s c=%-4s %-6s %8s req/s  p50 %6s ms  p99 %7s ms %s\n' "$route" "$connections" "$server" $figures "${errors:-}"
    [[ $server == ours || $server == lean ]] && : >"$WORK/$server.log"   # the access log, emptied
    return 0
}

# mixed_run ROUND KIND: the user route on the mixed serve, reads only or 1 write in 10.
mixed_run() {
    local every=0 line
    [[ $2 == mixed ]] && every=10
    line=$(READ_PATH=${PERF_ROUTE[user]} WRITE_PATH=$WRITE_PATH TOKEN=$TOKEN WRITE_EVERY=$every \
        wrk -t"$MIXED_CONNECTIONS" -c"$MIXED_CONNECTIONS" -d"$DURATION" -s bench/mixed.lua \
        "http://127.0.0.1:${PORT[mixed]}" | grep '^MIXED')
    echo "  mixed   c=$MIXED_CONNECTIONS $2: ${line#MIXED }"
    if [[ $1 != 0 ]]; then echo "$1 $2 ${line#MIXED }" >>"$OUT/mixed.txt"; fi
    : >"$WORK/mixed.log"
}

echo "== warm-up (1 s per server, route and connection count)"
for route in "${PERF_ROUTES[@]}"; do
    for server in $(servers_for "$route"); do
        for connections in $CONNECTIONS; do
            wrk -t1 -c"$connections" -d1s "http://127.0.0.1:${PORT[$server]}${PERF_ROUTE[$route]}" >/dev/null
        done
    done
done
mixed_run 0 warm-up >/dev/null

printf 'round\troute\tconnections\tserver\trps\tp50_ms\tp99_ms\terrors\n' >"$OUT/runs.tsv"
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round of $ROUNDS (wrk -t1, $DURATION per run)"
    for route in "${PERF_ROUTES[@]}"; do
        for connections in $CONNECTIONS; do
            for server in $(rotated "$round" $(servers_for "$route")); do
                measure "$round" "$route" "$connections" "$server"
            done
        done
    done
    for kind in $(rotated "$round" read-only mixed); do mixed_run "$round" "$kind"; done
done
for name in ours lean peer nginx mixed; do halt "$name"; done

# idle PID: returns once process PID has used under 30 ms of CPU in each of three seconds in a
# row (one quiet second can be a busy server starved by a loaded machine).
idle() {
    local previous now quiet=0
    previous=$(cpu_ticks "$1")
    for _ in $(seq 1 900); do
        sleep 1
        now=$(cpu_ticks "$1")
        if (( now - previous < 3 )); then quiet=$((quiet + 1)); else quiet=0; fi
        previous=$now
        (( quiet == 3 )) && return 0
    done
}
cpu_ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

# callgrind_ir NAME PORT COMMAND…: IR[NAME], the instructions per request of the server COMMAND
# on the user route (PORT empty: serve's own); its dump is $OUT/callgrind/NAME.out.1.
# Counted only once serve has built its seeded template (a start on a seeded database does it in
# the background; under valgrind that takes minutes) and its journal has written the warm-up's
# entries, which are batches of exactly JOURNAL_BATCH (WARM and CALLGRIND_REQUESTS multiples of
# it); dumped once the last counted batch is written. Counted before those waits, 2,000 user
# requests paid for 2,501 entries and for the statements the template's build made the writer
# prepare again (~6k Ir a request of a 51k figure).
JOURNAL_BATCH=40
CALLGRIND_WARM=480
if (( CALLGRIND_REQUESTS % JOURNAL_BATCH != 0 )); then
    echo "CALLGRIND_REQUESTS ($CALLGRIND_REQUESTS) must be a multiple of $JOURNAL_BATCH" >&2; exit 1
fi
declare -A IR
callgrind_ir() {
    local name=$1 port=$2
    shift 2
    local dump="$OUT/callgrind/$name.out"
    launch "cg-$name" "$port" env MOCK_JOURNAL_FIXED_BATCH=$JOURNAL_BATCH \
        valgrind --tool=callgrind --callgrind-out-file="$dump" "$@"
    port=${PORT[cg-$name]}
    wait_ok "$port" "${PERF_ROUTE[user]}" 1200
    if [[ "$name" != nginx ]]; then settled "cg-$name" 12000; fi
    python3 bench/keepalive_client.py 127.0.0.1 "$port" "${PERF_ROUTE[user]}" "$CALLGRIND_WARM" >/dev/null
    idle "${PID[cg-$name]}"
    callgrind_control -z "${PID[cg-$name]}" >/dev/null 2>&1
    python3 bench/keepalive_client.py 127.0.0.1 "$port" "${PERF_ROUTE[user]}" "$CALLGRIND_REQUESTS" >/dev/null
    idle "${PID[cg-$name]}"
    callgrind_control -d "${PID[cg-$name]}" >/dev/null 2>&1
    halt "cg-$name"
    IR[$name]=$(awk -v n="$CALLGRIND_REQUESTS" '$1 == "summary:" { printf "%.0f", $2 / n }' "$dump.1")
    echo "$name: ${IR[$name]} instructions per request"
}

echo "== instructions per request under callgrind ($CALLGRIND_REQUESTS keep-alive requests, ${PERF_ROUTE[user]})"
copy_database "$WORK/seeded.sqlite" "$WORK/cg.sqlite"
# Valgrind 3.19 gives up on the DWARF 5 debug information Swift 6 writes; a copy without it
# keeps the symbol table, so the per-function costs still have names.
objcopy --strip-debug "$SERVE" "$OUT/callgrind/serve"
callgrind_ir serve "" "$OUT/callgrind/serve" --port 0 --db "$WORK/cg.sqlite"
callgrind_ir lean "" "$OUT/callgrind/serve" --port 0 --db "$WORK/cg.sqlite" "${LEAN_FLAGS[@]}"
nginx_port=$(free_port)
nginx_config "$nginx_port" >"$nginx_dir/callgrind.conf"
callgrind_ir nginx "$nginx_port" nginx -p "$nginx_dir" -c "$nginx_dir/callgrind.conf"
top="$OUT/serve-top-functions.txt"
# Inclusive costs only: callgrind_annotate 3.19 puts every exclusive cost of a mid-run dump on
# clone(). The first dozen rows are the Dispatch and connection frames every request passes.
{
    echo "serve, ${PERF_ROUTE[user]}, $CALLGRIND_REQUESTS keep-alive requests: the 40 costliest functions by inclusive Ir"
    callgrind_annotate --inclusive=yes --threshold=100 "$OUT/callgrind/serve.out.1" 2>/dev/null \
        | swift demangle --simplified \
        | awk '/file:function/ { found = 1; next } found && /^ *[0-9]/ && n < 40 { print; n++ }'   # to the end: no SIGPIPE
} >"$top"
echo "serve's top functions: $top"

echo "== RSS with $IDLE idle keep-alive connections (serve)"
launch idle "" "$SERVE" --port 0 --db "$WORK/idle.sqlite"
settled idle
python3 bench/idle_connections.py 127.0.0.1 "${PORT[idle]}" "$IDLE" /__admin/health 600 >"$WORK/idle.out" 2>&1 &
idle_client=$!
BENCH_PIDS+=("$idle_client")
idle_rss=failed
for _ in $(seq 1 1200); do grep -q ready "$WORK/idle.out" 2>/dev/null && break; sleep 0.1; done
if grep -q ready "$WORK/idle.out"; then
    sleep 1
    idle_rss=$(mb "${PID[idle]}" VmRSS)
fi
kill "$idle_client" 2>/dev/null || true
wait "$idle_client" 2>/dev/null || true
halt idle
echo "serve: $idle_rss MB"

echo "== first answer after start on a seeded database ($STARTS starts, ${PERF_ROUTE[user]})"
starts=()
for _ in $(seq 1 "$STARTS"); do
    starts+=("$(python3 bench/first_answer.py "${PERF_ROUTE[user]}" "$SERVE" --port "{port}" --db "$WORK/starts.sqlite")")
done
echo "ms: ${starts[*]}"

{
    echo "rounds=$ROUNDS"
    echo "duration=$DURATION"
    echo "callgrind_requests=$CALLGRIND_REQUESTS"
    echo "ir_ours=${IR[serve]}"
    echo "ir_lean=${IR[lean]}"
    echo "ir_nginx=${IR[nginx]}"
    echo "lean_flags=${LEAN_FLAGS[*]}"
    echo "idle_connections=$IDLE"
    echo "idle_rss=$idle_rss"
    echo "starts=${starts[*]}"
    echo "top_functions=$top"
} >"$OUT/figures.txt"
python3 bench/perf_report.py "$OUT"
