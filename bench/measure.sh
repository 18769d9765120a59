#!/usr/bin/env bash
# One load run against a fresh server and database, with the server's own figures:
# CPU seconds (user + system, from /proc/PID/stat, over the whole run, setup included)
# per 1,000 player actions, CPU by thread (network threads vs the store's), peak RSS,
# and the database's size. The load client's JSON summary is printed first.
#
#   bench/measure.sh build/release/server/shithead build/release/bench/shithead_load \
#       --connections 200 --tables 50 --seconds 20
#
# Environment: PORT (default 18641), SERVER_FLAGS (more flags for `serve`), KEEP_DB=1 keeps the database folder,
# ALONGSIDE="COMMAND" runs COMMAND over and over while the load runs ($URL in it is the
# server's WebSocket; for example a `shithead play` against seven expert bots), PERF=FILE
# records a call-graph profile of the server into FILE while the load runs (needs
# linux-perf; read it with `perf report -i FILE --no-children --sort symbol`), COUNT=1
# counts the server's system calls (in all and the main kinds) and context switches while
# the load runs, and prints them per player action (needs linux-perf and tracepoints),
# with the calls to malloc (a uprobe on the C library's, added once with `perf probe`).
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 SERVER_BINARY LOAD_BINARY [shithead_load flags...]" >&2
  exit 2
fi
server=$1
load=$2
shift 2
port=${PORT:-18641}
data=$(mktemp -d /tmp/shithead-measure.XXXXXX)
log="$data/server.log"

"$server" serve ${SERVER_FLAGS:-} --port "$port" --bind 127.0.0.1 --data "$data/shithead.db" --log-level info >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [[ -n "${KEEP_DB:-}" ]] || rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  "$server" healthcheck --url "http://127.0.0.1:$port/healthz" --timeout-ms 500 >/dev/null 2>&1 && break
  sleep 0.1
done

ticks=$(getconf CLK_TCK)
# Fields 14 and 15 of /proc/PID/stat are utime and stime in clock ticks; the command
# name (field 2) may hold spaces, so count from the closing parenthesis.
cpu_ticks() { sed 's/.*) //' "$1" | awk '{print $12 + $13}'; }

if [[ -n "${PERF:-}" ]]; then
  perf record -q -F 999 -g -p "$pid" -o "$PERF" >/dev/null 2>&1 &
  perf_pid=$!
fi
if [[ -n "${COUNT:-}" ]]; then
  events=(-e raw_syscalls:sys_enter -e context-switches)
  for call in sendmsg sendto write writev recvmsg recvfrom read readv futex epoll_wait epoll_ctl \
    fcntl ioctl pwrite64 pread64 fdatasync fsync clock_nanosleep; do
    events+=(-e "syscalls:sys_enter_$call")
  done
  malloc_probed() { perf probe -l 2>/dev/null | grep -q 'probe_libc:malloc '; }
  libc=$(grep -o '/[^ ]*/libc\.so\.6' "/proc/$pid/maps" | head -1)
  malloc_probed || perf probe -q -x "$libc" malloc >/dev/null 2>&1 || true
  if malloc_probed; then events+=(-e probe_libc:malloc); fi
  perf stat -x, "${events[@]}" -p "$pid" -o "$data/count.csv" >/dev/null 2>&1 &
  count_pid=$!
fi
if [[ -n "${ALONGSIDE:-}" ]]; then
  touch "$data/alongside.run"
  (
    export URL="ws://127.0.0.1:$port/ws"
    while [[ -e "$data/alongside.run" ]]; do eval "$ALONGSIDE" >>"$data/alongside.log" 2>&1 || sleep 1; done
  ) &
  alongside_pid=$!
fi
summary=$("$load" --url "ws://127.0.0.1:$port/ws" "$@")
if [[ -n "${ALONGSIDE:-}" ]]; then
  rm -f "$data/alongside.run"  # no new run starts; the one under way is stopped
  pkill -P "$alongside_pid" 2>/dev/null || true
  wait "$alongside_pid" 2>/dev/null || true
  echo "alongside: $(grep -c '"place"' "$data/alongside.log" || true) run(s) of: $ALONGSIDE"
fi
if [[ -n "${PERF:-}" ]]; then
  kill -INT "$perf_pid"
  wait "$perf_pid" || true
fi
if [[ -n "${COUNT:-}" ]]; then
  kill -INT "$count_pid"
  wait "$count_pid" || true
fi
echo "$summary"

total=$(cpu_ticks "/proc/$pid/stat")
actions=$(grep -o '"actions": [0-9]*' <<<"$summary" | grep -o '[0-9]*$')
echo "server CPU: $(awk -v t="$total" -v h="$ticks" 'BEGIN {printf "%.2f", t / h}') s," \
  "per 1,000 actions: $(awk -v t="$total" -v h="$ticks" -v a="$actions" 'BEGIN {printf "%.3f", t / h / a * 1000}') s"
read -r utime stime < <(sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12, $13}')
echo "of which user $(awk -v t="$utime" -v h="$ticks" 'BEGIN {printf "%.2f", t / h}') s, system (kernel) $(awk -v t="$stime" -v h="$ticks" 'BEGIN {printf "%.2f", t / h}') s"
echo -n "by thread:"
for task in /proc/"$pid"/task/*; do
  echo -n " $(cat "$task/comm")=$(awk -v t="$(cpu_ticks "$task/stat")" -v h="$ticks" 'BEGIN {printf "%.2f", t / h}')s"
done
echo
if [[ -n "${COUNT:-}" ]]; then
  # perf stat's CSV: value,unit,event,...; kinds counted fewer than 0.01 times an action are left out.
  awk -F, -v a="$actions" '
    $3 == "raw_syscalls:sys_enter" { total = $1 }
    $3 == "context-switches" { switches = $1 }
    $3 == "probe_libc:malloc" { mallocs = sprintf(", %.1f calls to malloc", $1 / a) }
    $3 ~ /^syscalls:sys_enter_/ && $1 / a >= 0.01 { sub("syscalls:sys_enter_", "", $3); kinds = kinds sprintf(" %s %.2f", $3, $1 / a) }
    END { printf "per player action: %.2f system calls (%s ), %.2f context switches%s\n", total / a, kinds, switches / a, mallocs }
  ' "$data/count.csv"
  echo "(counted with tracepoints and a uprobe attached, which cost CPU: take CPU figures from a run without COUNT)"
fi
echo "peak RSS: $(grep VmHWM "/proc/$pid/status" | awk '{print $2, $3}')"
echo "database: $(du -cb "$data"/shithead.db* | tail -1 | cut -f1) bytes (file, WAL and shared memory)"
# A clean stop: the store logs what the table steps wrote (payload bytes, not pages).
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
written=$(grep -o 'store: wrote .*' "$log" || true)
echo "${written:-store: (no totals logged: a server from before they were)}"
if [[ -n "$written" ]]; then
  bytes=$(grep -o '[0-9]* bytes' <<<"$written" | awk '{s += $1} END {print s}')
  echo "bytes written per player action (saved tables + logged actions): $(awk -v b="$bytes" -v a="$actions" 'BEGIN {printf "%.0f", b / a}')"
fi
