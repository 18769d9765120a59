#!/usr/bin/env bash
# A full disk under play (issue 13): the server's --data on a small filesystem of its
# own, a ballast file that leaves little free space, shithead_load until the server's
# writes (its WAL first) fill the rest, then the ballast deleted and play watched for
# AFTER_SECONDS more. Reports: /healthz and the filesystem every second; games ended (the
# server's /metrics) against games recorded (the database's `games` rows), so how many
# game_over frames went out without a game id; what `shithead play` clients running beside
# the load saw (game ids, refusals) and whether every id they were shown is in the
# database; log lines at warning, error and critical, by phase (before, during and after
# the outage); whether games were recorded again once space returned. Needs root (mount);
# 127.0.0.1 only. bench/README.md, "A full disk", has the figures.
#
#   sudo bench/full_disk.sh build/release/server/shithead build/release/bench/shithead_load \
#       --connections 40 --tables 20
#
# Environment: PORT (default 18643); FS=ext4 (a loop-mounted image, the default) or tmpfs;
# FS_KB, the filesystem's size (default 32768); FREE_KB, the space the ballast leaves once
# the server has started (default 8192: under load the WAL alone fills it within seconds,
# since it grows to 4,096 pages, 16 MB, before a checkpoint restarts it); BALLAST_KB, the
# ballast's size (default: all the rest, 17.6 MB on ext4, room for that WAL and 30 s of
# games); FILL_SECONDS, when the ballast is deleted, counted from the start of the load
# (default 60); AFTER_SECONDS, the play after it (default 30); OBSERVERS, `shithead play`
# loops beside the load (default 2); CLIENT, the binary whose `play` they run (default:
# the shithead built beside LOAD, else SERVER); KEEP=1 keeps the working folder (server
# log, timeline, database image). The issue's small disk: FS_KB=4096 FREE_KB=768.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 SERVER_BINARY LOAD_BINARY [shithead_load flags...]" >&2
  exit 2
fi
if [[ $EUID -ne 0 ]]; then
  echo "$0: mounting the small filesystem needs root" >&2
  exit 2
fi
server=$(realpath "$1")
load=$(realpath "$2")
shift 2
port=${PORT:-18643}
fs_type=${FS:-ext4}
fs_kb=${FS_KB:-32768}
free_kb=${FREE_KB:-8192}
fill_seconds=${FILL_SECONDS:-60}
after_seconds=${AFTER_SECONDS:-30}
observers=${OBSERVERS:-2}
beside="$(dirname "$load")/../server/shithead"
client=${CLIENT:-$([[ -x $beside ]] && realpath "$beside" || echo "$server")}
base="http://127.0.0.1:$port"

work=$(mktemp -d /tmp/shithead-fulldisk.XXXXXX)
fs="$work/fs"
mkdir "$fs"
log="$work/server.log"
timeline="$work/timeline.tsv"
server_pid=""
load_pid=""
observer_pids=()
cleanup() {
  touch "$work/stop"
  # An observer's `play` may outlive its loop by its time-out: stop it too.
  for pid in "${observer_pids[@]}"; do pkill -P "$pid" 2>/dev/null || true; done
  for pid in "${observer_pids[@]}" $load_pid $server_pid; do kill "$pid" 2>/dev/null || true; done
  for pid in "${observer_pids[@]}" $load_pid $server_pid; do wait "$pid" 2>/dev/null || true; done
  if mountpoint -q "$fs"; then umount "$fs" 2>/dev/null || umount -l "$fs"; fi
  if [[ -n "${KEEP:-}" ]]; then echo "kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

case "$fs_type" in
  ext4)
    # No blocks reserved for root (the server runs as root here and would use them), and
    # 4 KB blocks as on a real disk (mkfs would give an image this small 1 KB blocks).
    truncate -s "${fs_kb}K" "$work/fs.img"
    mkfs.ext4 -q -F -m 0 -b 4096 "$work/fs.img"
    mount -o loop "$work/fs.img" "$fs"
    ;;
  tmpfs) mount -t tmpfs -o "size=${fs_kb}k" tmpfs "$fs" ;;
  *) echo "$0: FS must be ext4 or tmpfs" >&2; exit 2 ;;
esac

# The log's own timestamp format (spdlog's default, local time), so that times taken here
# compare with its lines as text.
stamp() { date '+%Y-%m-%d %H:%M:%S.%3N'; }
now_ms() { date +%s%3N; }
health() { curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$base/healthz" || true; }
avail_kb() { df -k --output=avail "$fs" | tail -1 | tr -d ' '; }
size_kb() { if [[ -e $1 ]]; then echo $(( $(stat -c %s "$1") / 1024 )); else echo 0; fi; }
# Games ended (finished and abandoned) and cannot_save refusals, from /metrics.
metrics() {
  curl -s --max-time 1 "$base/metrics" | awk '
    /^shithead_games_finished_total/ { ended += $NF }
    /^shithead_errors_total\{code="cannot_save"\}/ { refused = $NF }
    /^shithead_store_queue_depth / { depth = $NF }
    END { printf "%d\t%d\t%d", ended, refused, depth }' || printf '?\t?\t?'
}

# The `play` observers make a new player for every game, all from 127.0.0.1: the limit
# on new players per address is off (a server from before it had no such flag: set
# SERVER_FLAGS= for one).
"$server" serve ${SERVER_FLAGS---new-players-per-address 0} --port "$port" --bind 127.0.0.1 --data "$fs/shithead.db" \
  --log-level info >"$log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  [[ $(health) == 200 ]] && break
  sleep 0.1
done
[[ $(health) == 200 ]] || { echo "$0: the server did not come up; its log:" >&2; cat "$log" >&2; exit 1; }

ballast_kb=${BALLAST_KB:-$(( $(avail_kb) - free_kb ))}
fallocate -l "${ballast_kb}K" "$fs/ballast" 2>/dev/null || dd if=/dev/zero of="$fs/ballast" bs=1K count="$ballast_kb" status=none
sync -f "$fs"
echo "filesystem: $fs_type, $(df -k --output=size "$fs" | tail -1 | tr -d ' ') KB, ballast ${ballast_kb} KB," \
  "$(avail_kb) KB free; ballast deleted at t=${fill_seconds} s, play until t=$((fill_seconds + after_seconds)) s"

"$load" --url "ws://127.0.0.1:$port/ws" --seconds $((fill_seconds + after_seconds)) --setup-seconds 10 "$@" >"$work/load.json" 2>"$work/load.err" &
load_pid=$!
start_ms=$(now_ms)

# `shithead play` in a loop: one game against a bot each time; its last line says the
# game id it was shown (null: none), noted with the time. A failure (a refusal during
# the outage, say) is noted with its reason and tried again a second later.
observe() {
  local n=0
  while [[ ! -e $work/stop ]]; do
    n=$((n + 1))
    if "$client" play --url "ws://127.0.0.1:$port/ws" --name "FD$1-$n-$((start_ms % 100000))" --bots 1 \
      --timeout-seconds 40 >"$work/play$1.out" 2>"$work/play$1.err"; then
      printf '%s\t%s\n' "$(now_ms)" "$(tail -1 "$work/play$1.out")" >>"$work/observed.tsv"
    else
      printf '%s\t%s\n' "$(now_ms)" "$(tail -1 "$work/play$1.err")" >>"$work/observer_failures.tsv"
      sleep 1
    fi
  done
}
for i in $(seq 1 "$observers"); do
  observe "$i" &
  observer_pids+=($!)
done

printf 't_s\thealthz\tfree_kb\tdb_kb\twal_kb\tgames_ended\tcannot_save\tqueue\tlocal_time\tunix_ms\n' >"$timeline"
cut -f1-8 "$timeline"
freed_ms=""
t=0
while kill -0 "$load_pid" 2>/dev/null && ((t <= fill_seconds + after_seconds + 90)); do
  if ((t == fill_seconds)) && [[ -z $freed_ms ]]; then
    rm -f "$fs/ballast"
    freed_ms=$(now_ms)
    echo "# t=$t: ballast deleted, $(avail_kb) KB free"
  fi
  code=$(health)
  printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$code" "$(avail_kb)" "$(size_kb "$fs/shithead.db")" \
    "$(size_kb "$fs/shithead.db-wal")" "$(metrics)" "$(stamp)" "$(now_ms)" | tee -a "$timeline" | cut -f1-8
  t=$((t + 1))
  sleep_ms=$((start_ms + t * 1000 - $(now_ms)))
  ((sleep_ms > 0)) && sleep "$(awk -v m="$sleep_ms" 'BEGIN {printf "%.3f", m / 1000}')"
done
wait "$load_pid" || true
load_pid=""
touch "$work/stop"
for pid in "${observer_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
observer_pids=()
ended_total=$(metrics | cut -f1)
refused_total=$(metrics | cut -f2)
kill -TERM "$server_pid"
for _ in $(seq 1 200); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=""

echo
echo "load: $(cat "$work/load.json")"

# Checked on a copy: opening a WAL database writes its -shm file, which a filesystem that
# is still full may refuse (on 1 KB blocks the sqlite3 shell died of SIGBUS).
mkdir "$work/check"
cp "$fs/shithead.db" "$work/check/"
[[ -e $fs/shithead.db-wal ]] && cp "$fs/shithead.db-wal" "$work/check/"
db="$work/check/shithead.db"

# Three phases, split at the last healthz sample that was 200 before the disk filled and
# at the first 200 after the ballast went: before, the outage, after.
field() { sed -n "${1}p" "$timeline" | cut -f"$2"; }
end_ms=$(now_ms)
first_bad=$(awk -F'\t' 'NR > 1 && $2 != "200" {print NR; exit}' "$timeline")
back=""
[[ -n $first_bad ]] && back=$(awk -F'\t' -v f="$fill_seconds" 'NR > 1 && $1 >= f && $2 == "200" {print NR; exit}' "$timeline")

echo "healthz timeline (t in s from the start of the load: status):"
awk -F'\t' 'NR > 1 {
    if ($2 != code) { if (code != "") printf "  %s-%s %s\n", from, last, code; code = $2; from = $1 }
    last = $1 }
  END { if (code != "") printf "  %s-%s %s\n", from, last, code }' "$timeline"

count_levels() {  # from_stamp to_stamp: "warning/error/critical" lines with from <= time < to
  awk -v from="$1" -v to="$2" '
    { ts = substr($0, 2, 23) }
    ts >= from && (to == "" || ts < to) {
      if ($0 ~ /\] \[warning\] /) w++; else if ($0 ~ /\] \[error\] /) e++; else if ($0 ~ /\] \[critical\] /) c++
    }
    END { printf "%d/%d/%d", w, e, c }' "$log"
}
games_between() {  # from_ms to_ms: rows of `games` that ended in [from, to)
  sqlite3 "$db" "SELECT count(*) FROM games WHERE ended >= $1 AND ended < $2"
}
observed="$work/observed.tsv"
touch "$observed" "$work/observer_failures.tsv"
observed_between() {  # from_ms to_ms: "with id/without id/failed" for the play clients
  awk -F'\t' -v a="$1" -v b="$2" '$1 >= a && $1 < b { if ($2 ~ /"game_id": *[0-9]/) w++; else n++ }
    END { printf "%d/%d", w, n }' "$observed"
  awk -F'\t' -v a="$1" -v b="$2" '$1 >= a && $1 < b { f++ } END { printf "/%d", f }' "$work/observer_failures.tsv"
}

# Phase boundaries: times (ms, and as the log writes them) and games ended by then.
bounds_ms=("$start_ms")
bounds_stamp=("")
bounds_ended=(0)
names=()
if [[ -n $first_bad ]]; then
  last_good=$((first_bad - 1))
  if ((last_good >= 2)); then
    bounds_ms+=("$(field "$last_good" 10)")
    bounds_stamp+=("$(field "$last_good" 9)")
    bounds_ended+=("$(field "$last_good" 6)")
    names+=("before (t=0-$(field "$last_good" 1))")
  fi
  if [[ -n $back ]]; then
    bounds_ms+=("$(field "$back" 10)")
    bounds_stamp+=("$(field "$back" 9)")
    bounds_ended+=("$(field "$back" 6)")
    names+=("outage (t=$(field "$first_bad" 1)-$(( $(field "$back" 1) - 1 )))" "after (t=$(field "$back" 1)-end)")
  else
    names+=("outage (t=$(field "$first_bad" 1)-end)")
  fi
else
  names+=("whole run (no outage)")
fi
bounds_ms+=("$end_ms")
bounds_stamp+=("")
bounds_ended+=("$ended_total")

echo
printf '%-22s %12s %9s %11s %22s %24s\n' phase "games ended" recorded "without id" "log warning/error/crit" \
  "play: with id/without/failed"
for k in "${!names[@]}"; do
  ended=$((bounds_ended[k + 1] - bounds_ended[k]))
  rec=$(games_between "${bounds_ms[k]}" "${bounds_ms[k + 1]}")
  printf '%-22s %12s %9s %11s %22s %24s\n' "${names[k]}" "$ended" "$rec" "$((ended - rec))" \
    "$(count_levels "${bounds_stamp[k]}" "${bounds_stamp[k + 1]}")" "$(observed_between "${bounds_ms[k]}" "${bounds_ms[k + 1]}")"
done
echo "(games by the time they ended; ended from /metrics at the samples, recorded from the games table)"

recorded=$(sqlite3 "$db" "SELECT count(*) FROM games")
echo
echo "games ended (server /metrics): $ended_total; recorded (games rows): $recorded;" \
  "so game_over without a game id: $((ended_total - recorded))"
echo "cannot_save refusals sent (server /metrics): ${refused_total:-0}"
echo "log lines in all (warning/error/critical): $(count_levels "" "")"
if [[ -n $first_bad ]]; then
  echo "disk full: healthz first not 200 at t=$(field "$first_bad" 1) s; ballast deleted at t=$fill_seconds s;" \
    "${back:+healthz 200 again at t=$(field "$back" 1) s, then $(awk -F'\t' -v b="$back" 'NR > b && $2 != "200"' "$timeline" | wc -l) sample(s) not 200}"
  [[ -z $back ]] && echo "healthz never 200 again after the ballast was deleted"
else
  echo "the disk never filled: healthz was 200 throughout (raise the load or lower FREE_KB)"
fi
[[ -n $freed_ms ]] && echo "games recorded that ended after the ballast was deleted: $(games_between "$freed_ms" "$end_ms")"

# What the `shithead play` clients were shown.
echo "shithead play clients: $(grep -c '"game_id": *[0-9]' "$observed" || true) game(s) over with a game id," \
  "$(grep -c '"game_id": *null' "$observed" || true) without; $(wc -l <"$work/observer_failures.tsv") attempt(s) failed"
cut -f2 "$work/observer_failures.tsv" | sed -E 's/"[^"]*"/"..."/g' | sort | uniq -c | sort -rn | head -5 | sed 's/^ */  /'
missing=0
while read -r id; do
  if [[ $(sqlite3 "$db" "SELECT count(*) FROM games WHERE id = $id") != 1 ]]; then
    echo "  MISSING: game $id was shown to a client but is not in the database"
    missing=$((missing + 1))
  fi
done < <(grep -o '"game_id": *[0-9]*' "$observed" | grep -o '[0-9]*$')
echo "game ids shown to clients and missing from the database: $missing"
echo "database integrity: $(sqlite3 "$db" 'PRAGMA integrity_check' | head -3 | tr '\n' ' ')"
