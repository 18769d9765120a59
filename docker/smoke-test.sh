#!/usr/bin/env bash
# Smoke test of the Docker image: build it, run it, wait until Docker calls it healthy,
# play one whole game against two bots over WebSocket, restart the container, and check
# that the game and the leaderboard survived, that the server stopped gracefully on
# SIGTERM, and that a new container on the same volume (an upgrade) still has them.
#
#   docker/smoke-test.sh            # needs a running Docker engine (DOCKER_HOST is honoured)
#
# Containers use --network host (the engines on the project's machines have no bridge
# network), on a free port, bound to 127.0.0.1, with the data in a fresh named volume.
# Everything it creates is removed on exit. Exit 0 when every check passed, 1 otherwise.
#
# Settings (environment):
#   SMOKE_IMAGE        image tag to build and test (default shithead:smoke)
#   SMOKE_SKIP_BUILD=1 test an image already built under SMOKE_IMAGE
#   SMOKE_BUILD_TIMEOUT  seconds for docker build (default 2400: it compiles at -O3)
#   SMOKE_HEALTH_FALLBACK=1  replace the image's health check by a bash /dev/tcp probe
#                      of /healthz (only until `shithead healthcheck` exists)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
image=${SMOKE_IMAGE:-shithead:smoke}
build_timeout=${SMOKE_BUILD_TIMEOUT:-2400}
health_timeout=90    # seconds to wait for "healthy" after a start
play_timeout=180     # seconds for the whole bot game
stop_timeout=20      # seconds docker gives the server after SIGTERM
graceful_limit=9     # a stop slower than this was not graceful (the server's deadline is 7 s)
name="shithead-smoke-$$"
volume="shithead-smoke-$$"
started=$SECONDS

say() { printf '[smoke %3ds] %s\n' "$((SECONDS - started))" "$*"; }
fail() {
  printf '[smoke %3ds] FAIL: %s\n' "$((SECONDS - started))" "$*" >&2
  if docker inspect "$name" >/dev/null 2>&1; then
    echo "---- health of $name ----" >&2
    docker inspect -f '{{json .State.Health}}' "$name" >&2 || true
    echo "---- last log lines of $name ----" >&2
    docker logs --tail 40 "$name" >&2 || true
  fi
  exit 1
}
tmp=$(mktemp -d)
cleanup() {
  local rc=$?
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -rf "$tmp"
  if [ "$rc" -eq 0 ]; then say "PASS (container and volume removed)"; else say "cleaned up after failure"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

# ---- tools on the host ----------------------------------------------------------------
command -v docker >/dev/null || fail "docker (the client) is not installed"
command -v python3 >/dev/null || fail "python3 is needed to read JSON"
if ! command -v curl >/dev/null; then
  say "installing curl"
  [ "$(id -u)" -eq 0 ] || fail "curl is missing and this is not root: apt-get install curl"
  if ! { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl >/dev/null; }; then
    fail "could not install curl"
  fi
fi
timeout 20 docker info >/dev/null 2>&1 || fail "no Docker engine answers (DOCKER_HOST=${DOCKER_HOST:-unset})"

# json FILE EXPRESSION: evaluates a Python expression over the parsed document `d`;
# prints the result, exit 1 when it is False or raises.
json() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
with open(sys.argv[1]) as f:
    d = json.load(f)
try:
    r = eval(sys.argv[2], {"d": d})
except Exception as e:
    print(f"{type(e).__name__}: {e}", file=sys.stderr)
    sys.exit(1)
if r is False:
    sys.exit(1)
if r is not True:
    print(r)
EOF
}

# get PATH FILE: GET http://127.0.0.1:$port/PATH into FILE, prints the status code.
get() { curl -sS --max-time 10 -o "$2" -w '%{http_code}' "http://127.0.0.1:$port$1" || echo 000; }

wait_healthy() {
  local deadline=$((SECONDS + health_timeout)) status
  while :; do
    status=$(docker inspect -f '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$name") \
      || fail "container $name is gone"
    case "$status" in
      "running healthy") break ;;
      "running none") fail "the image has no HEALTHCHECK" ;;
      running*) ;;
      *) fail "container is '$status' instead of running" ;;
    esac
    [ "$SECONDS" -lt "$deadline" ] || fail "not healthy after ${health_timeout}s (state: $status)"
    sleep 1
  done
  local code
  code=$(get /healthz "$tmp/healthz.json")
  [ "$code" = 200 ] || fail "GET /healthz from the host answered $code"
  say "healthy, and GET /healthz from the host answered 200"
}

# ---- build ----------------------------------------------------------------------------
if [ "${SMOKE_SKIP_BUILD:-0}" = 1 ]; then
  docker image inspect "$image" >/dev/null 2>&1 || fail "SMOKE_SKIP_BUILD=1 but there is no image $image"
  say "using the image $image as built"
else
  say "building $image from $repo (compiles the server; minutes on 2 cores)"
  if ! timeout "$build_timeout" docker build --network host -t "$image" "$repo" >"$tmp/build.log" 2>&1; then
    tail -n 40 "$tmp/build.log" >&2
    fail "docker build failed or took more than ${build_timeout}s (last lines above)"
  fi
  say "built"
fi
size=$(docker image inspect -f '{{.Size}}' "$image")
say "image size $((size / 1000000)) MB"

# ---- run ------------------------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
docker volume create "$volume" >/dev/null
health_args=(--health-interval 2s --health-start-period 30s)  # the image's check, sooner
if [ "${SMOKE_HEALTH_FALLBACK:-0}" = 1 ]; then
  say "WARNING: SMOKE_HEALTH_FALLBACK=1: the image's own health check is replaced"
  # shellcheck disable=SC2016  # $SHITHEAD_PORT is expanded inside the container
  health_args+=(--health-cmd 'bash -c '\''exec 3<>/dev/tcp/127.0.0.1/$SHITHEAD_PORT && printf "GET /healthz HTTP/1.0\r\n\r\n" >&3 && head -n 1 <&3 | grep -q " 200 "'\''')
fi
start_container() {
  docker run -d --name "$name" --network host "${health_args[@]}" \
    -e SHITHEAD_PORT="$port" -e SHITHEAD_BIND=127.0.0.1 -e SHITHEAD_LOG_LEVEL=info \
    -v "$volume:/data" "$image" >/dev/null || fail "docker run failed"
  say "started $name on 127.0.0.1:$port, data in volume $volume"
  wait_healthy
}
start_container

# ---- play one game --------------------------------------------------------------------
say "playing one game against 2 bots: shithead play"
if ! timeout "$play_timeout" docker exec "$name" \
    shithead play --url "ws://127.0.0.1:$port/ws" --name smoke --bots 2 >"$tmp/play.out" 2>"$tmp/play.err"; then
  cat "$tmp/play.out" "$tmp/play.err" >&2
  fail "shithead play failed or took more than ${play_timeout}s"
fi
tail -n 1 "$tmp/play.out" >"$tmp/play.json"
say "result: $(cat "$tmp/play.json")"
json "$tmp/play.json" 'isinstance(d["player_id"], str) and isinstance(d["game_id"], int) and d["game_id"] > 0' \
  || fail "the last line of shithead play is not {player_id, game_id, ...}"
json "$tmp/play.json" 'd["abandoned"] is False and d["place"] in (1, 2, 3) and isinstance(d["shithead"], bool)' \
  || fail "the game did not finish normally"
player=$(json "$tmp/play.json" 'd["player_id"]')
game=$(json "$tmp/play.json" 'd["game_id"]')
shithead=$(json "$tmp/play.json" 'int(d["shithead"])')
[[ $player =~ ^[0-9a-f]{6,64}$ ]] || fail "player_id '$player' is not a hex id"

# check_store WHEN: the game and the player's row are served as the game ended.
check_store() {
  local code
  code=$(get "/api/games/$game" "$tmp/game.json")
  [ "$code" = 200 ] || fail "$1: GET /api/games/$game answered $code"
  json "$tmp/game.json" "d['game_id'] == $game and d['status'] == 'finished' and \
      any(s['player_id'] == '$player' for s in d['seats'])" \
    || fail "$1: /api/games/$game is not the finished game with player $player: $(head -c 400 "$tmp/game.json")"
  code=$(get "/api/leaderboard?sort=games&limit=100" "$tmp/leaderboard.json")
  [ "$code" = 200 ] || fail "$1: GET /api/leaderboard answered $code"
  json "$tmp/leaderboard.json" "any(p['player_id'] == '$player' and p['games'] >= 1 and \
      p['shithead'] >= $shithead for p in d['players'])" \
    || fail "$1: the leaderboard has no row for $player with games >= 1: $(head -c 400 "$tmp/leaderboard.json")"
  code=$(get "/api/players/$player" "$tmp/player.json")
  [ "$code" = 200 ] || fail "$1: GET /api/players/$player answered $code"
  say "$1: game $game and player $player (games >= 1) are served"
}
# The store writes on its own thread: give the first look a few seconds.
for _ in 1 2 3 4 5; do
  [ "$(get "/api/games/$game" /dev/null)" = 200 ] && break
  sleep 1
done
check_store "before restart"
cp "$tmp/game.json" "$tmp/game-before.json"

# ---- backup while the server runs (the way docker/README.md documents) -----------------
say "online backup with sqlite3 .backup while the server runs"
docker exec "$name" sqlite3 /data/shithead.db ".backup '/data/backup.db'" || fail "sqlite3 .backup failed"
check=$(docker exec "$name" sqlite3 /data/backup.db "PRAGMA integrity_check") || fail "cannot open the backup"
[ "$check" = ok ] || fail "the backup fails its integrity check: $check"
count=$(docker exec "$name" sqlite3 /data/backup.db "SELECT count(*) FROM games WHERE id = $game") \
  || fail "cannot read the backup"
[ "$count" = 1 ] || fail "the backup does not hold game $game"
docker exec "$name" rm -f /data/backup.db
say "backup: integrity ok, game $game in it"

# ---- restart --------------------------------------------------------------------------
say "docker restart (SIGTERM, up to ${stop_timeout}s)"
t0=$(date +%s.%N)
docker restart -t "$stop_timeout" "$name" >/dev/null || fail "docker restart failed"
took=$(python3 -c "print(round($(date +%s.%N) - $t0, 2))")
say "restarted in ${took}s"
python3 -c "import sys; sys.exit(0 if $took < $graceful_limit else 1)" \
  || fail "the restart took ${took}s: the server did not stop on SIGTERM within ${graceful_limit}s"
# The log is read whole before it is searched: with pipefail, `docker logs | grep -q` fails
# whenever grep stops at the match while docker is still writing (SIGPIPE), a flaky red CI.
server_log=$(docker logs "$name" 2>&1) || fail "cannot read the server's log"
grep -q "received signal 15" <<<"$server_log" \
  || fail "the server's log does not show SIGTERM being received"
wait_healthy
check_store "after restart"
cmp -s "$tmp/game-before.json" "$tmp/game.json" || fail "GET /api/games/$game differs after the restart"

# ---- recreate -------------------------------------------------------------------------
# A restart keeps the container's own files; a new container (an upgrade) has only the
# volume. The results must be there too.
say "removing the container and starting a new one on the same volume"
docker rm -f "$name" >/dev/null || fail "docker rm failed"
start_container
check_store "in a new container"
cmp -s "$tmp/game-before.json" "$tmp/game.json" || fail "GET /api/games/$game differs in the new container"

# ---- graceful stop --------------------------------------------------------------------
t0=$(date +%s.%N)
docker stop -t "$stop_timeout" "$name" >/dev/null || fail "docker stop failed"
took=$(python3 -c "print(round($(date +%s.%N) - $t0, 2))")
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "after docker stop the server exited with $code (137: killed after the timeout)"
say "docker stop: exit 0 in ${took}s"
say "all checks passed in $((SECONDS - started))s"
