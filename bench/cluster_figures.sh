#!/usr/bin/env bash
# Figures of a cluster on this machine: a private PostgreSQL cluster on a free loopback
# port, three `serve --cluster on` nodes (each restarted on its port when it dies) and
# Debian's HAProxy with docker/cluster/haproxy.cfg in front; then bench/cluster_figures.py
# kills the server of a table KILLS times and opens LISTINGS public tables. Everything is
# stopped and removed at the end.
#
#   bench/cluster_figures.sh SERVER [KILLS] [LISTINGS] [LEASE_MS]
#   bench/cluster_figures.sh build/release/server/shithead 20 50 4000
set -euo pipefail
server=$(realpath "$1")
kills=${2:-20}
listings=${3:-50}
lease=${4:-4000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d /tmp/shithead-cluster-XXXXXX)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg=()
[[ $(id -u) == 0 ]] && { chown postgres "$work"; as_pg=(runuser -u postgres --); }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pg_port=$(free_port)
proxy_port=$(free_port)
ports=("$(free_port)" "$(free_port)" "$(free_port)")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done  # the loops first, then their servers
  pkill -f -- "--database $database" 2>/dev/null || true
  sleep 1
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$work/data" -U shithead -A trust -E UTF8 --locale=C >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work -c max_connections=50" start >/dev/null
database="postgresql://shithead@127.0.0.1:$pg_port/cards"
psql "postgresql://shithead@127.0.0.1:$pg_port/postgres" -qc "CREATE DATABASE cards"

# Each node in a loop that starts it again when it dies, as a supervisor would.
node_loop() {
  while true; do
    "$server" serve --port "$1" --bind 127.0.0.1 --threads 1 --cluster on --lease-ms "$lease" \
      --database "$database" --static "$root/web-client" >>"$work/node$1.log" 2>&1 || true
    sleep 0.2
  done
}
for i in 0 1 2; do
  node_loop "${ports[$i]}" 2>/dev/null &  # its shell says "Killed" at every kill
  pids+=($!)
done
PROXY_BIND=127.0.0.1:$proxy_port SERVER_1=127.0.0.1:${ports[0]} SERVER_2=127.0.0.1:${ports[1]} \
  SERVER_3=127.0.0.1:${ports[2]} haproxy -db -f "$root/docker/cluster/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$proxy_port/healthz" >/dev/null && break
  sleep 0.1
done
sleep 2  # every node checked up by the proxy
PYTHONPATH="$here" python3 "$here/cluster_figures.py" "$proxy_port" "$(IFS=,; echo "${ports[*]}")" "$database" \
  "$kills" "$listings"
