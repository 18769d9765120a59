#!/usr/bin/env bash
# What `/api/players?name=` costs with many players (issue 34's table: "it scans every
# player (51 ms at 100k players)"). SERVER makes the schema on an empty SQLite file and
# stops; python3's sqlite3 adds PLAYERS rows ("Player N"; with their name keys when the
# schema has the column); then SERVER serves the file and 200 lookups by name, one at a
# time, are timed from the request to the whole answer: p50/p99/max.
#
#   bench/players_named.sh build/release/server/shithead [PLAYERS]     # PLAYERS = 100000
set -euo pipefail

[[ $# -ge 1 && $# -le 2 ]] || { sed -n 2,8p "$0"; exit 2; }
server=$1
players=${2:-100000}
[[ -x "$server" ]] || { echo "no server binary at $server" >&2; exit 2; }

work=$(mktemp -d /tmp/shithead-named.XXXXXX)
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=bench/serve_on_free_port.sh
source "$(dirname "$0")/serve_on_free_port.sh"
serve() { serve_on_free_port "$work/server.log" --data "$work/shithead.db" --api-rate 0; }

serve
kill -TERM "$server_pid" && wait "$server_pid" || true
server_pid=

python3 - "$work/shithead.db" "$players" <<'PY'
import hashlib, sqlite3, sys, time
path, count = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(path)
keyed = any(row[1] == "name_key" for row in db.execute("PRAGMA table_info(players)"))
now = int(time.time() * 1000)
rows = []
for n in range(count):
    name = "Player %d" % n
    row = ["%012x" % (0x5eed00000000 + n), name, hashlib.sha256(b"named-%d" % n).hexdigest(), now, now]
    if keyed: row.insert(2, name.lower())  # ASCII: lower() is name_key()
    rows.append(row)
columns = "id, name, name_key, token_hash, created, last_seen" if keyed else "id, name, token_hash, created, last_seen"
with db:
    db.executemany("INSERT INTO players (%s) VALUES (%s)" % (columns, ", ".join("?" * len(rows[0]))), rows)
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
print("%d players, name keys: %s" % (count, "yes" if keyed else "no (an older schema)"))
PY

serve
python3 - "$port" "$players" <<'PY'
import http.client, statistics, sys, time
port, count = int(sys.argv[1]), int(sys.argv[2])
times = []
for i in range(200):
    wanted = i * max(1, count // 200)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    started = time.perf_counter()
    c.request("GET", "/api/players?name=player%%20%d" % wanted)
    answer = c.getresponse()
    body = answer.read()
    times.append((time.perf_counter() - started) * 1000)
    if answer.status != 200 or b"Player %d" % wanted not in body:
        sys.exit("unexpected answer: %d %r" % (answer.status, body[:200]))
    c.close()
times.sort()
print("/api/players?name=: n=200 p50 %.2f ms, p99 %.2f ms, max %.2f ms"
      % (statistics.median(times), times[int(len(times) * 0.99) - 1], times[-1]))
PY
