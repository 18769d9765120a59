#!/usr/bin/env bash
# Installs what is missing, builds the release binary and runs it. Until the server
# lands, running means printing the default preset's "what may be played on what".
# Extra arguments go to the binary: ./scripts/run.sh simulate --players 4 --games 1000
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target shithead
if [ $# -eq 0 ]; then
  set -- rules shiphead
fi
exec ./build/release/server/shithead "$@"
