#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy) over the libraries that hold no Boost: rules, protocol,
# server/core, server/rankings and server/lobby. Needs a configured build for its
# compile_commands.json (default build/dev: cmake --preset dev). Any warning fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
[[ -f "$build/compile_commands.json" ]] || { echo "no $build/compile_commands.json: configure first" >&2; exit 2; }

mapfile -t files < <(git ls-files 'rules/*.cpp' 'protocol/*.cpp' 'server/core/*.cpp' 'server/rankings/*.cpp' \
                                  'server/lobby/*.cpp')
# The dev build's flags are gcc's; clang does not know -Wno-restrict.
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option
echo "tidy: ${#files[@]} files, no warnings"
