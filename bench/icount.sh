#!/usr/bin/env bash
# Counts the instructions one decode takes (valgrind's cachegrind), for the
# payloads and codecs of BenchmarkDecode, and prints a Markdown table.
#
#   bench/icount.sh
#
# Unlike times, instruction counts do not depend on what else runs on the
# machine: on a noisy machine they show a change's effect where bench/run.sh's
# times cannot. They are not times, though (SIMD code does more per
# instruction, a cache miss costs more than one): read them beside run.sh's
# tables, not instead. Each count runs the benchmark N times and once under
# valgrind with GOGC=off and GOMAXPROCS=1, and takes the difference over
# N-1, so that setup is not counted. Needs valgrind (apt-get install valgrind);
# takes about 5 minutes.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "icount.sh needs valgrind (apt-get install valgrind)" >&2
  exit 2
fi
bin="$(mktemp -d)/bench.test"
go test -c -o "$bin" .

codecs=(encoding_json easyjson goccy_go_json sonic segmentio normgen)
names=(encoding/json easyjson goccy/go-json sonic segmentio "**normgen**")
# payload, iterations, row name
rows=(
  "search_clean 2000 search-like call, clean"
  "search_stringified 2000 search-like call, scalars as strings, arrays as JSON text"
  "review_clean 1000 code-review call, clean"
  "string_64KB 100 64KB string field"
  "strings_64KB 100 64KB array of strings"
  "strings_text_64KB 100 64KB array of strings sent as JSON text"
  "ints_64KB 100 64KB array of ints"
  "ints_text_64KB 100 64KB array of ints sent as JSON text"
)

# refs prints the instructions of a run of the benchmarks matching $1, $2
# times (0 when none matches).
refs() {
  GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" -test.run '^$' -test.bench "$1" -test.benchtime "$2x" 2>&1 |
    awk '/I +refs/ { gsub(",", "", $4); print $4 }'
}

# human prints n as 7.85k or 1.46M.
human() {
  awk -v n="$1" 'BEGIN { if (n >= 1e6) printf "%.3gM", n / 1e6; else if (n >= 1e3) printf "%.3gk", n / 1e3; else printf "%d", n }'
}

header="| instructions per decode |"
rule="|---|"
for name in "${names[@]}"; do
  header+=" $name |"
  rule+="---|"
done
echo "$header"
echo "$rule"
for row in "${rows[@]}"; do
  read -r payload n label <<<"$row"
  line="| $label |"
  for codec in "${codecs[@]}"; do
    pattern="^BenchmarkDecode\$/^${payload}\$/^${codec}\$"
    # Only normgen reads the lenient payloads: a codec without the
    # benchmark gets a dash.
    if [[ "$("$bin" -test.run '^$' -test.bench "$pattern" -test.benchtime 1x)" != *BenchmarkDecode* ]]; then
      line+=" — |"
      continue
    fi
    one=$(refs "$pattern" 1)
    many=$(refs "$pattern" "$n")
    line+=" $(human $(((many - one) / (n - 1)))) |"
  done
  echo "$line"
done
