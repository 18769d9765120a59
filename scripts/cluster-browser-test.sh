#!/usr/bin/env bash
# The web client on a cluster (issue 30): a private PostgreSQL cluster, three
# `serve --cluster on` servers and HAProxy with docker/cluster/haproxy.cfg, all Debian's
# packages on loopback, then tests/browser/cluster/ in headless Chromium through the
# proxy: two browsers whose lobbies are on two servers, a public table seen across them,
# joined and played to the end. Everything is stopped and removed at the end.
# Run after scripts/browser-test.sh (it installs Chromium and the test packages).
#
#   SHITHEAD_BINARY  the server (default build/release/server/shithead)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${SHITHEAD_BINARY:-build/release/server/shithead}")
source scripts/cluster-env.sh
pg_start
database=$(new_database cards)
proxy_port=$(free_port)
ports=("$(free_port)" "$(free_port)" "$(free_port)")
for i in 0 1 2; do
  # Bots at a person's pace would make the game slow; every player is from 127.0.0.1.
  "$binary" serve --port "${ports[$i]}" --bind 127.0.0.1 --cluster on --database "$database" \
    --static "$root/web-client" --trusted-proxies 127.0.0.1 --new-players-per-address 0 \
    --tables-per-address 0 --bot-pace 0 >"$work/node$((i + 1)).log" 2>&1 &
  cluster_pids+=($!)
done
for port in "${ports[@]}"; do wait_healthy "$port"; done
start_proxy "$proxy_port" "${ports[@]}"
wait_healthy "$proxy_port"
sleep 1.5 # every server checked up by the proxy (rise 2 at 500 ms)

status=0
(cd tests/browser && SHITHEAD_URL="http://127.0.0.1:$proxy_port" SHITHEAD_PROXY_LOG="cat $work/haproxy.log" \
  timeout 480 node --test --test-concurrency=1 cluster/) || status=$?
if [ $status -ne 0 ]; then
  echo "cluster-browser-test: failed (status $status); the proxy's and the servers' logs:" >&2
  tail -n 30 "$work/haproxy.log" "$work"/node*.log >&2
fi
exit $status
