#!/usr/bin/env bash
# How a cluster spreads the work on this machine: the same load (shithead_load, private
# tables playing with rematches) against one node straight, one node through HAProxy,
# and three nodes through HAProxy, each run on a fresh database of a private PostgreSQL
# cluster. Through the proxy the load routes each table's players by a key of the table's
# own (--route-by-table on), so that the proxy's hash puts the table on one node. For each
# run: actions, round trip p50/p99 (the load's), each node's CPU seconds and tables, the
# CPU of HAProxy and of PostgreSQL, and PostgreSQL's commits a second.
#
#   bench/cluster_load.sh SERVER LOAD [CONNECTIONS] [TABLES] [SECONDS]
#   bench/cluster_load.sh build/release/server/shithead build/release/bench/shithead_load 200 50 20
set -euo pipefail
server=$(realpath "$1")
load=$(realpath "$2")
connections=${3:-200}
tables=${4:-50}
seconds=${5:-20}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../scripts/cluster-env.sh"
pg_start
ticks=$(getconf CLK_TCK)

# CPU seconds (user + system) of the processes given.
cpu_of() {
  local total=0 pid
  for pid in "$@"; do
    [[ -r /proc/$pid/stat ]] || continue
    total=$((total + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}')))
  done
  echo "$total"
}
seconds_of() { awk -v t="$1" -v h="$ticks" 'BEGIN {printf "%.2f", t / h}'; }
postgres_pids() { echo "$(head -1 "$work/data/postmaster.pid") $(pgrep -P "$(head -1 "$work/data/postmaster.pid")" | tr '\n' ' ')"; }

# run NAME NODES VIA: NODES servers (1 or 3) on a fresh database, the load sent straight
# to the first (VIA direct) or through HAProxy (VIA proxy).
run() {
  local name=$1 count=$2 via=$3 i
  local database
  database=$(new_database "$name")
  local ports=("$(free_port)" "$(free_port)" "$(free_port)") pids=()
  for ((i = 0; i < count; i++)); do
    "$server" serve --port "${ports[$i]}" --bind 127.0.0.1 --threads 1 --cluster on --database "$database" \
      --new-players-per-address 0 --tables-per-address 0 --trusted-proxies 127.0.0.1 \
      >>"$work/$name-node$i.log" 2>&1 &
    pids+=($!)
  done
  for ((i = 0; i < count; i++)); do wait_healthy "${ports[$i]}"; done
  local url="ws://127.0.0.1:${ports[0]}/ws" route=off proxy_pid=""
  if [[ $via == proxy ]]; then
    local proxy_port
    proxy_port=$(free_port)
    start_proxy "$proxy_port" "${ports[@]}"
    proxy_pid=${cluster_pids[-1]}
    wait_healthy "$proxy_port"
    sleep 2.5 # the proxy marks the ports nobody serves down (two failed checks, 500 ms apart)
    url="ws://127.0.0.1:$proxy_port/ws"
    route=on
  fi
  commits() { psql "$database" -Atc "SELECT xact_commit FROM pg_stat_database WHERE datname = '$name'"; }
  local commits_before node_before=() proxy_before postgres_before
  commits_before=$(commits)
  for pid in "${pids[@]}"; do node_before+=("$(cpu_of "$pid")"); done
  proxy_before=$(cpu_of $proxy_pid)
  # shellcheck disable=SC2046 # the pids are words
  postgres_before=$(cpu_of $(postgres_pids))
  local started
  started=$(date +%s.%N)
  local summary
  summary=$("$load" --url "$url" --connections "$connections" --tables "$tables" --seconds "$seconds" \
    --route-by-table "$route")
  local elapsed
  elapsed=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN {print e - s}')
  sleep 1 # PostgreSQL's statistics reach pg_stat_database within a second
  local commits_after proxy_after postgres_after
  commits_after=$(commits)
  proxy_after=$(cpu_of $proxy_pid)
  # shellcheck disable=SC2046
  postgres_after=$(cpu_of $(postgres_pids))
  local owners
  owners=$(psql "$database" -Atc "SELECT owner, count(*) FROM live_rooms GROUP BY owner")
  local actions p50 p99
  actions=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["actions"])' "$summary")
  p50=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["rtt_ms"]["p50"])' "$summary")
  p99=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["rtt_ms"]["p99"])' "$summary")
  local total=0 line="" cpu
  for ((i = 0; i < count; i++)); do
    cpu=$(($(cpu_of "${pids[$i]}") - node_before[i]))
    total=$((total + cpu))
    local held
    held=$(awk -F'|' -v pid=":${pids[$i]}:" 'index($1, pid) {print $2}' <<<"$owners")
    line+=" node$((i + 1)) $(seconds_of "$cpu") s CPU, ${held:-0} tables;"
  done
  echo "== $name: $count node(s), $via: $actions actions in ${seconds} s, round trip p50 $p50 ms, p99 $p99 ms"
  echo "  $line"
  echo "   servers $(awk -v t="$total" -v h="$ticks" -v a="$actions" 'BEGIN {printf "%.3f", t / h / a * 1000}') CPU-s per 1,000 actions;" \
    "HAProxy $(seconds_of $((proxy_after - proxy_before))) s; PostgreSQL $(seconds_of $((postgres_after - postgres_before))) s;" \
    "commits $(awk -v c="$((commits_after - commits_before))" -v s="$elapsed" 'BEGIN {printf "%.0f", c / s}')/s"
  echo "   load: $summary" | head -c 2000 >>"$work/summaries.log"
  kill "${pids[@]}" $proxy_pid 2>/dev/null || true
  wait "${pids[@]}" $proxy_pid 2>/dev/null || true
}

run one_direct 1 direct
run one_proxy 1 proxy
run three_proxy 3 proxy
