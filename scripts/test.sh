#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors and ASan+UBSan (the `dev`
# preset), and runs every test with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cmake --preset dev
cmake --build --preset dev
ctest --preset dev
