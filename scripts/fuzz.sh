#!/usr/bin/env bash
# Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan that abort) and runs every
# target of tests/fuzz for SHITHEAD_FUZZ_SECONDS each (default 60), as many at once as
# there are cores (SHITHEAD_FUZZ_JOBS), each in one process. A target starts from a copy of its corpus in tests/fuzz/corpus/,
# so what it finds never lands in the committed corpus. Fails if any target crashed,
# and says where the input that did it is.
#   SHITHEAD_FUZZ_SECONDS=300 ./scripts/fuzz.sh                 all targets, 5 minutes each
#   SHITHEAD_FUZZ_SECONDS=30 ./scripts/fuzz.sh record ruleset   only these
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${SHITHEAD_FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(client_message record ruleset saved_table)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

# Readable stacks when the symbolizer is there (Debian's llvm-14 package).
symbolizer=/usr/lib/llvm-14/bin/llvm-symbolizer
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer
export UBSAN_OPTIONS=print_stacktrace=1

runs=build/fuzz/runs
# Targets run side by side, one a core (SHITHEAD_FUZZ_JOBS, default the core count): each
# still gets its whole SHITHEAD_FUZZ_SECONDS of one core, and CI waits half as long.
jobs=${SHITHEAD_FUZZ_JOBS:-$(nproc)}
((jobs >= 1)) || jobs=1
failed=()
report() {
  local target=$1 status=$2 dir=$runs/$1
  if [ "$status" -eq 0 ]; then
    echo "fuzz_$target: $(grep -E '^#[0-9]+[[:space:]]+DONE|^Done [0-9]+ runs' "$dir/log" | tail -n 1)"
  else
    failed+=("$target")
    tail -n 60 "$dir/log"
    echo "fuzz_$target FAILED; the whole log is $dir/log, the input that did it:"
    ls -1 "$dir"/crashes/* 2>/dev/null || echo "  (none written: see the log)"
    echo "replay it with: build/fuzz/tests/fuzz/fuzz_$target <file>"
  fi
}
for ((first = 0; first < ${#targets[@]}; first += jobs)); do
  batch=("${targets[@]:first:jobs}")
  pids=()
  for target in "${batch[@]}"; do
    dir=$runs/$target
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/crashes"
    cp tests/fuzz/corpus/"$target"/* "$dir/corpus/"
    echo "== fuzz_$target for $seconds s"
    # -timeout: one input that takes this long is a finding too (a hang a client could cause).
    build/fuzz/tests/fuzz/fuzz_"$target" -max_total_time="$seconds" -timeout=25 -print_final_stats=1 \
      -dict=tests/fuzz/json.dict -artifact_prefix="$dir/crashes/" "$dir/corpus" >"$dir/log" 2>&1 &
    pids+=($!)
  done
  for i in "${!batch[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    report "${batch[$i]}" "$status"
  done
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found a problem in: ${failed[*]}"
  exit 1
fi
echo "fuzzing found nothing in ${#targets[@]} targets, $seconds s each"
