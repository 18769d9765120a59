#!/usr/bin/env bash
# compose.cluster.yaml end to end on this machine's Docker engine, with host networking
# (compose.cluster.hostnet.yaml): builds the images, starts PostgreSQL, three servers and
# HAProxy, then two headless Chromium browsers through the proxy
# (tests/browser/cluster/two-nodes.test.js): their lobbies on two servers, a public table
# seen across them, joined and played to the end. Kills one server (SIGKILL) and checks
# that the proxy still serves. Removes the containers and its own volume at the end.
#
#   source ../shared/tools/local-docker.sh && bash docker/cluster/smoke-test.sh
#
# Needs docker-compose (Debian's package, 1.29) or `docker compose`, curl, and the
# browser tests' packages (run scripts/browser-test.sh once first).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
project=shithead-cluster-smoke
proxy_port=18490
ports=(18491 18492 18493)

say() { echo "cluster smoke: $*"; }
fail() {
  echo "cluster smoke: FAILED: $*" >&2
  compose logs --no-color --tail 30 >&2 || true
  docker logs --tail 30 "$project-proxy" >&2 || true
  exit 1
}

if docker compose version >/dev/null 2>&1; then
  compose_command=(docker compose)
else
  compose_command=(docker-compose)
fi
[ ! -e .env ] || fail "docker/.env exists: the smoke test brings settings of its own; move it aside first"
cat >.env <<SETTINGS
POSTGRES_PASSWORD=smoke-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
POSTGRES_PORT=55490
SHITHEAD_1_PORT=${ports[0]}
SHITHEAD_2_PORT=${ports[1]}
SHITHEAD_3_PORT=${ports[2]}
SHITHEAD_BOT_PACE=0
SHITHEAD_NEW_PLAYERS_PER_ADDRESS=0
SHITHEAD_TABLES_PER_ADDRESS=0
SHITHEAD_PG_VOLUME=$project-pg
SETTINGS
compose() { "${compose_command[@]}" -p "$project" -f compose.cluster.yaml -f compose.cluster.hostnet.yaml "$@"; }
cleanup() {
  docker rm -f "$project-proxy" >/dev/null 2>&1 || true
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  rm -f .env
}
trap cleanup EXIT

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$1/healthz" || true; }
wait_healthy() {
  local port=$1 seconds=$2
  for _ in $(seq $((seconds * 4))); do
    [ "$(status_of "$port")" = 200 ] && return 0
    sleep 0.25
  done
  return 1
}

say "building and starting PostgreSQL and three servers (${compose_command[*]})"
compose build --quiet
compose up -d db shithead-1 shithead-2 shithead-3
for port in "${ports[@]}"; do
  wait_healthy "$port" 180 || fail "the server on port $port did not answer /healthz with 200 within 180 s"
done
# The proxy's service publishes a port, which host networking cannot: its image runs here
# with the addresses compose.cluster.yaml would give it.
docker run -d --name "$project-proxy" --network host -e "PROXY_BIND=127.0.0.1:$proxy_port" \
  -e "SERVER_1=127.0.0.1:${ports[0]}" -e "SERVER_2=127.0.0.1:${ports[1]}" -e "SERVER_3=127.0.0.1:${ports[2]}" \
  shithead-haproxy-cluster:2.6 >/dev/null
wait_healthy "$proxy_port" 60 || fail "the proxy did not answer /healthz with 200 within 60 s"
sleep 1.5 # every server checked up by the proxy (rise 2 at 500 ms)
say "three servers up behind the proxy on port $proxy_port"

(cd ../tests/browser && SHITHEAD_URL="http://127.0.0.1:$proxy_port" \
  SHITHEAD_PROXY_LOG="docker logs $project-proxy 2>&1" timeout 480 node --test cluster/) ||
  fail "the two browsers did not play at one table"

say "killing shithead-2 (SIGKILL)"
compose kill -s SIGKILL shithead-2
sleep 2
wait_healthy "$proxy_port" 30 || fail "the proxy does not serve with a server gone"
say "passed"
