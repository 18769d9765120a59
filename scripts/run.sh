#!/usr/bin/env bash
# Installs what is missing, builds the release binary and runs the server on its
# defaults (http://localhost:8080, data in ./data/shithead.db). Extra arguments go to
# the binary: ./scripts/run.sh serve --port 9000, ./scripts/run.sh rules shiphead
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target shithead
if [ $# -eq 0 ]; then
  set -- serve
fi
exec ./build/release/server/shithead "$@"
