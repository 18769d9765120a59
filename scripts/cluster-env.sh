# Sourced by what runs a cluster on this machine from Debian's packages (bench/cluster_*.sh,
# scripts/cluster-browser-test.sh): a private PostgreSQL cluster on a free loopback port
# under a fresh folder, HAProxy with docker/cluster/haproxy.cfg (its log in
# $work/haproxy.log), and a cleanup that stops and removes all of it at exit.
# Sets: root, work, free_port, pg_start, new_database NAME (prints its URL),
# start_proxy PORT SERVER_PORT..., wait_healthy PORT; background pids go in cluster_pids.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d /tmp/shithead-cluster-XXXXXX)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg=()
[[ $(id -u) == 0 ]] && { chown postgres "$work"; as_pg=(runuser -u postgres --); }
cluster_pids=()
pg_port=""

# A port the kernel hands out on 127.0.0.1 and takes back (Python's or Node's, whichever
# this machine has: CI installs Node for the browser tests).
free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
  else
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
  fi
}

cluster_cleanup() {
  for pid in "${cluster_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Servers started by a loop that the kill above ended are found by their database.
  pkill -f -- "--database postgresql://shithead@127.0.0.1:$pg_port/" 2>/dev/null || true
  sleep 1
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cluster_cleanup EXIT

pg_start() {
  pg_port=$(free_port)
  "${as_pg[@]}" "$pg_bin/initdb" -D "$work/data" -U shithead -A trust -E UTF8 --locale=C >/dev/null
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work -c max_connections=50" start >/dev/null
}

new_database() {
  psql "postgresql://shithead@127.0.0.1:$pg_port/postgres" -qc "CREATE DATABASE $1"
  echo "postgresql://shithead@127.0.0.1:$pg_port/$1"
}

# HAProxy on PORT in front of three servers' ports, as compose.cluster.yaml runs it.
start_proxy() {
  PROXY_BIND=127.0.0.1:$1 SERVER_1=127.0.0.1:$2 SERVER_2=127.0.0.1:$3 SERVER_3=127.0.0.1:$4 \
    haproxy -db -f "$root/docker/cluster/haproxy.cfg" >>"$work/haproxy.log" 2>&1 &
  cluster_pids+=($!)
}

wait_healthy() {
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "nothing healthy on port $1" >&2
  return 1
}
