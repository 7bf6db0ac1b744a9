#!/usr/bin/env bash
# Counts the instructions one decode takes (valgrind's cachegrind), for
# payloads and codecs of BenchmarkDecode, and prints them as a Markdown
# table (cmd/table -icount).
#
#   bench/icount.sh
#   OUT=file bench/icount.sh      # keep the counts, a line each
#
# Unlike times, instruction counts do not depend on what else runs on the
# machine: on a noisy machine they show a change's effect where bench/run.sh's
# times cannot. They are not times, though (SIMD code does more per
# instruction, a cache miss costs more than one): read them beside run.sh's
# tables, not instead. Each count runs the benchmark N times and once under
# valgrind with GOGC=off and GOMAXPROCS=1 and divides the difference by N-1,
# so that setup is not counted. Needs valgrind (apt-get install valgrind);
# takes about 2 minutes.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "icount.sh needs valgrind (apt-get install valgrind)" >&2
  exit 2
fi
dir=$(mktemp -d)
bin="$dir/bench.test"
out=${OUT:-$dir/counts.txt}
go test -c -o "$bin" .

codecs=(encoding_json easyjson goccy_go_json sonic segmentio normgen)
# payload and N: small calls run more often than 64 KB payloads
payloads=(
  "search_clean 2000"
  "search_stringified 2000"
  "review_clean 1000"
  "string_64KB 100"
  "strings_64KB 100"
  "strings_text_64KB 100"
  "ints_64KB 100"
  "ints_text_64KB 100"
)

# refs prints the instructions of a run of the benchmark matching $1, $2
# times.
#
# GODEBUG=cpu.rdtscp=off: where the CPU reports RDTSCP, the Go runtime's
# cputicks uses it, and valgrind may not decode it ("Unrecognised
# instruction" in runtime.cputicks, then SIGILL: seen on an AMD Turin
# virtual machine); without it the runtime uses RDTSC, which valgrind
# knows. A run valgrind did not count stops the script with its output.
refs() {
  local log count
  log=$(GODEBUG=cpu.rdtscp=off GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" -test.run '^$' -test.bench "$1" -test.benchtime "$2x" 2>&1) || true
  count=$(awk '/I +refs/ { gsub(",", "", $4); print $4 }' <<<"$log")
  if [[ -z "$count" || "$log" == *"Unrecognised instruction"* ]]; then
    printf 'icount.sh: valgrind did not count %s:\n%s\n' "$1" "$(tail -n 20 <<<"$log")" >&2
    return 1
  fi
  echo "$count"
}

: >"$out"
for p in "${payloads[@]}"; do
  read -r payload n <<<"$p"
  for codec in "${codecs[@]}"; do
    pattern="^BenchmarkDecode\$/^${payload}\$/^${codec}\$"
    # Only normgen reads the lenient payloads.
    if [[ "$("$bin" -test.run '^$' -test.bench "$pattern" -test.benchtime 1x)" != *BenchmarkDecode* ]]; then
      continue
    fi
    one=$(refs "$pattern" 1)
    many=$(refs "$pattern" "$n")
    echo "BenchmarkDecode/$payload/$codec $(((many - one) / (n - 1)))" >>"$out"
  done
done
go run ./cmd/table -icount "$out"
