#!/usr/bin/env bash
# Builds the libFuzzer target over the request parser (fuzz/ParserFuzzTarget.swift compiled with
# the parser's sources and Wire, -sanitize=fuzzer,address; not part of Package.swift) into
# fuzz/.build/parser-fuzzer, then fuzzes for SECONDS starting from fuzz/seeds. New corpus
# entries go to fuzz/.build/corpus; a finding is written to fuzz/.build/ as crash-… and the
# script exits non-zero. Extra arguments go to libFuzzer (e.g. a crash file to replay it).
#
# Usage: fuzz/run.sh [libFuzzer args…]     env: SECONDS_TO_RUN=60
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/fuzz/.build
mkdir -p "$OUT/corpus"
FLAGS=(-sanitize=fuzzer,address -parse-as-library -package-name MockServer -O -g)

# The parser and the types its events carry; everything else in HTTPServer (sockets, loops)
# stays out.
PARSER=(RequestParser RequestParser+Body RequestParser+FieldSemantics RequestParser+Framing
        RequestParser+HeaderFields RequestParser+RequestLine RequestHead RequestTarget ParserEvent
        HTTPParseError HTTPLimits HTTPStatus HTTPMethod HTTPVersion HTTPRequest HTTPRequest+KeepAlive
        HTTPRequest+Parameters ByteClasses)
sources=()
for name in "${PARSER[@]}"; do sources+=("$ROOT/Sources/HTTPServer/$name.swift"); done

# The linker warns about every sanitizer symbol it cannot export: the log is shown on failure only.
build() { "$@" >>"$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; exit 1; }; }
: >"$OUT/build.log"
build swiftc "${FLAGS[@]}" -module-name Wire -emit-library -static -emit-module \
    -emit-module-path "$OUT/Wire.swiftmodule" -o "$OUT/libWire.a" $(find "$ROOT/Sources/Wire" -name '*.swift')
build swiftc "${FLAGS[@]}" -module-name HTTPServer -I "$OUT" -L "$OUT" -lWire \
    -o "$OUT/parser-fuzzer" "${sources[@]}" "$ROOT/fuzz/ParserFuzzTarget.swift"

if [[ $# -gt 0 ]]; then
    exec "$OUT/parser-fuzzer" "$@"
fi
cd "$OUT"
exec ./parser-fuzzer -max_total_time="${SECONDS_TO_RUN:-60}" -max_len=2048 \
    -print_final_stats=1 corpus "$ROOT/fuzz/seeds"
