#!/usr/bin/env bash
# Installs what is missing (with the PostgreSQL server the store's tests start a private
# cluster of, and the HAProxy the failover test puts in front of two servers), builds
# with warnings as errors and ASan+UBSan (the `dev` preset), and runs every test with
# ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh --with-postgresql
cmake --preset dev
cmake --build --preset dev
ctest --preset dev
