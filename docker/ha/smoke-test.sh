#!/usr/bin/env bash
# compose.ha.yaml end to end on this machine's Docker engine, with host networking
# (compose.ha.hostnet.yaml): builds the images, starts PostgreSQL, two servers and
# HAProxy, plays a game against bots through the proxy, kills the serving server with
# SIGKILL, waits for the standby to take over, and plays again through the proxy as the
# same player (their token). Removes the containers and its own volume at the end.
#
#   source ../shared/tools/local-docker.sh && bash docker/ha/smoke-test.sh
#
# Needs docker-compose (Debian's package, 1.29) or `docker compose`, and curl.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
project=shithead-ha-smoke
proxy_port=18480
ports=(18481 18482)
took_over_within=60  # seconds: a lease of 4 s, the proxy's checks, a container's restart

say() { echo "ha smoke: $*"; }
fail() {
  echo "ha smoke: FAILED: $*" >&2
  compose logs --no-color --tail 40 >&2 || true
  docker logs --tail 20 "$project-proxy" >&2 || true
  exit 1
}

if docker compose version >/dev/null 2>&1; then
  compose_command=(docker compose)
else
  compose_command=(docker-compose)
fi
# The services read docker/.env (env_file); this test brings its own and puts back any
# that was there.
created_env=false
if [ ! -e .env ]; then
  created_env=true
  cat >.env <<SETTINGS
POSTGRES_PASSWORD=smoke-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
POSTGRES_PORT=55480
SHITHEAD_PUBLISH=$proxy_port
SHITHEAD_A_PORT=${ports[0]}
SHITHEAD_B_PORT=${ports[1]}
SHITHEAD_BOT_PACE=0
SHITHEAD_PG_VOLUME=$project-pg
SETTINGS
else
  fail "docker/.env exists: the smoke test brings settings of its own; move it aside first"
fi
compose() { "${compose_command[@]}" -p "$project" -f compose.ha.yaml -f compose.ha.hostnet.yaml "$@"; }
cleanup() {
  docker rm -f "$project-proxy" >/dev/null 2>&1 || true
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  if $created_env; then rm -f .env; fi
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
serving() {
  for i in 0 1; do
    [ "$(status_of "${ports[$i]}")" = 200 ] && { echo "$i"; return 0; }
  done
  return 1
}
play() {
  docker run --rm --network host shithead:latest play --url "ws://127.0.0.1:$proxy_port/ws" --name ha-smoke \
    --bots 2 --timeout-seconds 180 "$@" | tail -n 1
}

say "building and starting PostgreSQL, two servers and HAProxy (${compose_command[*]})"
compose build --quiet
compose up -d db shithead-a shithead-b
# The proxy's service publishes a port, which host networking cannot: its image runs here
# with the addresses compose.ha.yaml would give it.
docker run -d --name "$project-proxy" --network host -e "PROXY_BIND=127.0.0.1:$proxy_port" \
  -e "SERVER_A=127.0.0.1:${ports[0]}" -e "SERVER_B=127.0.0.1:${ports[1]}" shithead-haproxy:2.6 >/dev/null
wait_healthy "$proxy_port" 180 || fail "the proxy did not answer /healthz with 200 within 180 s"
first=$(serving) || fail "neither server serves"
other=$((1 - first))
[ "$(status_of "${ports[$other]}")" = 503 ] || fail "the second server is not standing by (503)"
say "server $first serves, server $other stands by"

game=$(play) || fail "the first game through the proxy did not end"
say "played: $game"
token=$(sed -n 's/.*"token": *"\([0-9a-f]*\)".*/\1/p' <<<"$game")
game_id=$(sed -n 's/.*"game_id": *\([0-9]*\).*/\1/p' <<<"$game")
[ -n "$token" ] && [ -n "$game_id" ] || fail "no token or game id in: $game"

services=(shithead-a shithead-b)
say "killing ${services[$first]} (SIGKILL)"
killed_at=$SECONDS
compose kill -s SIGKILL "${services[$first]}"
wait_healthy "${ports[$other]}" "$took_over_within" || fail "the standby did not take over within ${took_over_within} s"
wait_healthy "$proxy_port" 30 || fail "the proxy does not reach the server that took over"
say "${services[$other]} took over in $((SECONDS - killed_at)) s"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/api/games/$game_id")" = 200 ] ||
  fail "game $game_id, played before the kill, is not served after it"
again=$(play --token "$token") || fail "the game after the takeover did not end"
say "played again as the same player: $again"
grep -q "\"player_id\"" <<<"$again" || fail "no result after the takeover"
[ "$(sed -n 's/.*"token": *"\([0-9a-f]*\)".*/\1/p' <<<"$again")" = "$token" ] ||
  fail "the player came back as someone else"
say "passed"
