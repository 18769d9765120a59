#!/usr/bin/env bash
# A long load run against a fresh server and database, watching the server's memory: is
# what it holds after many games bounded? Every SAMPLE_SECONDS it prints one line:
# seconds since the load began, resident size (VmRSS, and its anonymous part RssAnon:
# heap and stacks, without the mapped binary and libraries), peak resident size (VmHWM),
# open descriptors, rows in the games table (one per finished game; needs sqlite3), and
# the machine's load average (other work on the machine shows there). Then the load
# client's JSON summary and how the server ended on SIGTERM.
#
#   bench/soak.sh build/release/server/shithead build/release/bench/shithead_load
#   bench/soak.sh SERVER LOAD --rate 1        # more shithead_load flags override the defaults
#
# The load is `--connections 500 --tables 250` (two players and a bot a table, rematching
# after every game) for SOAK_SECONDS, then whatever flags follow the two binaries.
# Environment: PORT (default 18671), SOAK_SECONDS (default 600), SAMPLE_SECONDS (default
# 30), SERVER_FLAGS (more flags for `serve`), DB=FILE starts from a copy of FILE instead
# of an empty store, KEEP_DB=1 keeps the database folder. Anything else in the
# environment reaches the server too (MALLOC_ARENA_MAX=2, ...).
# Only 127.0.0.1; the load is cut off 120 s after SOAK_SECONDS plus its setup at most.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 SERVER_BINARY LOAD_BINARY [shithead_load flags...]" >&2
  exit 2
fi
server=$1
load=$2
shift 2
port=${PORT:-18671}
soak=${SOAK_SECONDS:-600}
every=${SAMPLE_SECONDS:-30}
setup=60
data=$(mktemp -d /tmp/shithead-soak.XXXXXX)
db="$data/shithead.db"
log="$data/server.log"
[[ -z "${DB:-}" ]] || cp "$DB" "$db"

# SERVER_FLAGS is split into words on purpose.
# shellcheck disable=SC2086
"$server" serve ${SERVER_FLAGS:-} --port "$port" --bind 127.0.0.1 --data "$db" --log-level info >"$log" 2>&1 &
pid=$!
sampler=
cleanup() {
  [[ -z "$sampler" ]] || kill "$sampler" 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [[ -n "${KEEP_DB:-}" ]] || rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  "$server" healthcheck --url "http://127.0.0.1:$port/healthz" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.1
done

status_kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }
mb() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
# The games table through a second connection: WAL lets it read beside the server's
# writer, and a count of an integer primary key takes milliseconds.
games() { sqlite3 -cmd '.timeout 2000' "$db" 'SELECT count(*) FROM games' 2>/dev/null || echo '?'; }
sample() {
  printf '%7s  %8s  %8s  %8s  %5s  %8s  %5s\n' "$1" "$(mb "$(status_kb VmRSS)")" "$(mb "$(status_kb RssAnon)")" \
    "$(mb "$(status_kb VmHWM)")" "$(ls "/proc/$pid/fd" | wc -l)" "$(games)" "$(cut -d' ' -f1 /proc/loadavg)"
}

printf '%7s  %8s  %8s  %8s  %5s  %8s  %5s\n' seconds 'RSS MB' 'anon MB' 'HWM MB' fds games load
sample idle
start=$(date +%s)
# Samples on the clock while the load runs, so a slow sample never shifts the next one.
(
  next=0
  while sleep 1; do
    elapsed=$(($(date +%s) - start))
    if ((elapsed >= next)); then
      sample "$elapsed"
      next=$((next + every))
    fi
  done
) &
sampler=$!
summary=$(timeout $((soak + setup + 120)) "$load" --url "ws://127.0.0.1:$port/ws" --connections 500 --tables 250 \
  --setup-seconds "$setup" --seconds "$soak" "$@") || echo "load client: exit $?" >&2
kill "$sampler" 2>/dev/null || true
wait "$sampler" 2>/dev/null || true
sampler=
sample "end"
echo "$summary"

# A clean stop: how long the server took and what it exited with.
began=$(date +%s.%N)
kill -TERM "$pid"
code=0
wait "$pid" || code=$?
echo "server: exit $code on SIGTERM after $(awk -v a="$began" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}') s"
grep -o 'store: wrote .*' "$log" || true
if grep -qE '\[(warning|error|critical)\]' "$log"; then
  echo "server log, warnings and errors (the last 20):"
  grep -E '\[(warning|error|critical)\]' "$log" | tail -20
fi
