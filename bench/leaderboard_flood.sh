#!/usr/bin/env bash
# Does a flood of leaderboard reads slow the games? (issue 13, "reads never delay play")
#
#   bench/leaderboard_flood.sh SERVER LOAD DB [wrk flags...]
#
# Copies DB (a store with thousands of finished games: fill one with shithead_load),
# starts SERVER on the copy, and measures a light game load's action round trip twice:
# alone, then while `wrk` loops GET /api/leaderboard from 20 connections (default flags
# `-t 2 -c 20`). Prints both RTT lines and wrk's summary. Env: PORT (default 18711),
# SECONDS_EACH (default 20), SERVER_FLAGS (extra `serve` flags), TARGET (default
# /api/leaderboard). Needs wrk (apt-get install wrk).
set -euo pipefail

[ $# -ge 3 ] || { sed -n 2,12p "$0"; exit 2; }
server=$1 load=$2 db=$3
shift 3
wrk_flags=("$@")
[ ${#wrk_flags[@]} -gt 0 ] || wrk_flags=(-t 2 -c 20)
port=${PORT:-18711}
seconds=${SECONDS_EACH:-20}
target=${TARGET:-/api/leaderboard}
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 2; }

work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

cp "$db" "$work/flood.db"
# shellcheck disable=SC2086
"$server" serve --port "$port" --bind 127.0.0.1 --data "$work/flood.db" --log-level warn ${SERVER_FLAGS:-} \
  >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do "$server" healthcheck --url "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
games=$(sqlite3 "$db" "SELECT count(*) FROM games" 2>/dev/null || echo "?")

# Eight players at two tables, a move every half second at most: a table of friends.
play() {
  "$load" --url "ws://127.0.0.1:$port/ws" --connections 8 --tables 2 --bots 1 --rate 2 --seconds "$seconds" |
    tail -1 | python3 -c 'import json,sys; d=json.load(sys.stdin); r=d["rtt_ms"]; print("actions %d  rtt p50 %.2f ms  p99 %.2f ms  max %.2f ms  errors %s" % (d["actions"], r["p50"], r["p99"], r["max"], d["errors"]))'
}

echo "database: $games games; flood: wrk ${wrk_flags[*]} http://127.0.0.1:$port$target"
echo -n "idle:  "
play
wrk "${wrk_flags[@]}" -d "$((seconds + 10))s" "http://127.0.0.1:$port$target" >"$work/wrk.txt" 2>&1 &
wrk_pid=$!
sleep 2
echo -n "flood: "
play
wait "$wrk_pid" || true
echo "wrk:"
grep -E "Requests/sec|Non-2xx|requests in|Latency" "$work/wrk.txt" | sed 's/^/  /'
