#!/usr/bin/env bash
# Runs the bench module's decode benchmarks once (-count N each), the same
# benchmarks built with GOEXPERIMENT=jsonv2, the normalizer's and the
# generator's benchmarks of the root module, and prints the README's
# Performance tables (medians, ratios within this one run).
#
#   bench/run.sh                  # COUNT=6 BENCHTIME=300ms
#   COUNT=10 BENCHTIME=1s bench/run.sh
#   OUT=dir bench/run.sh          # keep the raw go test output in dir
#
# The machine should be otherwise idle: the script prints the load average
# before and after, and the README says when a table was measured under load.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-6}
benchtime=${BENCHTIME:-300ms}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores); count $count, benchtime $benchtime" >&2

# Each codec runs in a process of its own: one library's leftovers (its
# pools, its heap, its background work) must not slow the next one down,
# as they did when the codecs of a payload ran one after the other in one
# process (normgen, run last, took up to 1.8x its time alone).
codecs=(encoding_json encoding_json_v2 easyjson goccy_go_json sonic segmentio map_weakdecode
  normgen normgen_json_unmarshal json_unmarshal_floor normgen_tool_decode)
# decode FILE PAYLOADS: runs BenchmarkDecode's payloads matching PAYLOADS
# with every codec the test binary FILE has, a process each.
decode() {
  for codec in "${codecs[@]}"; do
    "$1" -test.run '^$' -test.bench "^BenchmarkDecode\$/^($2)\$/^${codec}\$" \
      -test.count "$count" -test.benchtime "$benchtime"
  done
}
go test -c -o "$out/bench.test" .
decode "$out/bench.test" '.*' >"$out/decode.txt"

# encoding/json on the v2 engine, encoding/json/v2 and normgen, clean payloads
GOEXPERIMENT=jsonv2 go test -c -o "$out/bench-v2.test" .
codecs=(encoding_json encoding_json_v2 normgen normgen_json_unmarshal json_unmarshal_floor)
decode "$out/bench-v2.test" 'search_clean|search_stringified|review_clean|review_string_scalars|string_[0-9]+[KM]B|strings_[0-9]+[KM]B|ints_[0-9]+[KM]B' >"$out/v2.txt"

# the normalizer's no-rule path and the generator (root module)
(
  cd ..
  go test ./normalize -run '^$' -bench '^BenchmarkNormalize$' -count "$count" -benchtime "$benchtime"
  go test ./gen -run '^$' -bench '^BenchmarkGenerate1000$' -benchtime 3x -count 1
) >"$out/other.txt"

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
go run ./cmd/table -v2 "$out/v2.txt" -other "$out/other.txt" "$out/decode.txt"
