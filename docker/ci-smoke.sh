#!/usr/bin/env bash
# CI entry for the Docker smoke tests (.ci/run calls it). Starts this machine's private
# Docker engine with ../shared/tools/local-docker.sh (no registry is reachable: it imports
# a debian:bookworm-slim base it makes itself), then runs docker/smoke-test.sh and
# docker/ha/smoke-test.sh (compose.ha.yaml) and exits with the first failure's status.
#
# When no engine can be started at all, this says so in a banner and exits 0: the image
# is then untested, which the banner makes plain, but CI does not fail for a machine
# without Docker. Any failure of the smoke test itself fails CI.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
tool=${LOCAL_DOCKER_SH:-$repo/../shared/tools/local-docker.sh}

skip() {
  {
    echo
    echo "################################################################################"
    echo "##"
    echo "##   DOCKER SMOKE TEST SKIPPED: $1"
    echo "##   The Docker image was NOT built or tested in this run."
    echo "##"
    echo "################################################################################"
    echo
  } >&2
  exit 0
}

[ -f "$tool" ] || skip "no $tool"

# Sourced in a subshell, not in an `if`: the tool runs with set -e (which an `if` would
# switch off) and may exit, and either must not end this script before the banner. The
# subshell hands back the DOCKER_HOST it sets.
echo "docker smoke: starting the local Docker engine ($tool)"
# shellcheck source=/dev/null
DOCKER_HOST=$(source "$tool" >&2; printf '%s' "${DOCKER_HOST:-}")
status=$?
if [ "$status" -ne 0 ] || [ -z "$DOCKER_HOST" ]; then
  log=${LOCAL_DOCKER_ROOT:-/tmp/local-docker}/dockerd.log
  [ -f "$log" ] && tail -n 20 "$log" >&2
  skip "the Docker engine could not be started (local-docker.sh exit $status)"
fi
export DOCKER_HOST
if ! timeout 30 docker info >/dev/null 2>&1; then
  skip "the Docker engine at $DOCKER_HOST does not answer"
fi

echo "docker smoke: DOCKER_HOST=$DOCKER_HOST"
"$here/smoke-test.sh"
status=$?
if [ "$status" -ne 0 ]; then
  echo "docker smoke: FAILED (exit $status)" >&2
  exit "$status"
fi

# SHITHEAD_EXPORT_BINARY=PATH: the image's binary, copied out for the stages after this
# one, so that CI compiles the release build once, not once here and once on the host.
# The image's build stage is Debian 12 with the packages of scripts/install-deps.sh, as
# the host is; a binary that does not run here (a library missing) is not kept, and the
# caller builds its own.
if [ -n "${SHITHEAD_EXPORT_BINARY:-}" ]; then
  dest=$SHITHEAD_EXPORT_BINARY
  mkdir -p "$(dirname "$dest")"
  container=$(docker create "${SMOKE_IMAGE:-shithead:smoke}")
  # Running it is the check: a library missing here stops it before it prints the rules.
  if docker cp "$container:/usr/local/bin/shithead" "$dest" >/dev/null && "$dest" rules shiphead >/dev/null 2>&1; then
    echo "docker smoke: the image's binary is at $dest"
  else
    echo "docker smoke: the image's binary does not run on this host; not kept" >&2
    rm -f "$dest"
  fi
  docker rm "$container" >/dev/null
fi

# compose.ha.yaml: PostgreSQL, two servers and HAProxy, a kill and a takeover. Its
# server image comes from the build above's cache.
echo "docker smoke: compose.ha.yaml"
"$here/ha/smoke-test.sh"
status=$?
if [ "$status" -ne 0 ]; then
  echo "docker smoke: compose.ha.yaml FAILED (exit $status)" >&2
fi
exit "$status"
