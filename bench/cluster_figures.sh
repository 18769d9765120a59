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
source "$here/../scripts/cluster-env.sh"
pg_start
database=$(new_database cards)
proxy_port=$(free_port)
ports=("$(free_port)" "$(free_port)" "$(free_port)")

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
  cluster_pids+=($!)
done
start_proxy "$proxy_port" "${ports[@]}"
wait_healthy "$proxy_port"
sleep 2  # every node checked up by the proxy
PYTHONPATH="$here" python3 "$here/cluster_figures.py" "$proxy_port" "$(IFS=,; echo "${ports[*]}")" "$database" \
  "$kills" "$listings"
