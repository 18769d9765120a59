#!/usr/bin/env bash
# A restart with many saved tables (issue 13: "first welcome after 118 s; SIGTERM took
# 56 s"): how long until the server answers, how it answers meanwhile, how long it takes
# to stop.
#
#   bench/many_tables.sh build/release/server/shithead 10000
#
# Makes a store with TABLES (default 10,000) saved live tables: SERVER creates the schema
# on an empty file and is stopped, then python3's sqlite3 inserts one player per human
# seat and the tables, half from each of two saved states in
# tests/fuzz/corpus/saved_table/ (generated_0: waiting, two humans at four seats;
# generated_6: a human and a greedy bot between games), PUBLIC percent of each kind public.
# Each run starts SERVER on a fresh copy of that file and, from the moment it is started:
# the log's "listening on"; the first `welcome` to a hello (a client that connects
# again and again until it is let in); the lobby's first `tables` frame to that client,
# which then stays as a lobby watcher; a bystander connection's ping round trips (no
# hello: a ping is answered before one) right after the welcome and again once the
# watcher has had no lobby frame (`tables` or `tables_changed`) for SETTLE_S; the list
# `list_tables` then sends; then SIGTERM with both still connected, the seconds until the
# process exits and its exit status. One line a figure. Checks the log that every table
# was restored.
#
# Environment: PORT (default 18647), PUBLIC (default 50), RUNS (default 1: runs on copies
# of one store), WAIT_S (default 300: the longest wait for a welcome and for the lobby to
# settle, each), SETTLE_S (default 2), STOP_S (default 120: SIGKILL after this long), PINGS
# (default 5), TERM_AT=S sends the SIGTERM S seconds after the start, whatever is under
# way then (say while the lobby is still catching up: after "listening on", before the
# welcome), SERVER_FLAGS (more flags for `serve`), KEEP_DB=1 keeps the temp folder,
# PERF=FILE records a call-graph profile of the (first run's) server from start to exit
# (needs linux-perf; `perf report -i FILE --no-children --sort symbol`).
set -euo pipefail

[[ $# -ge 1 && $# -le 2 ]] || { sed -n 2,30p "$0"; exit 2; }
server=$1
tables=${2:-10000}
port=${PORT:-18647}
runs=${RUNS:-1}
wait_s=${WAIT_S:-300}
settle_s=${SETTLE_S:-2}
stop_s=${STOP_S:-120}
pings=${PINGS:-5}
public=${PUBLIC:-50}
term_at=${TERM_AT:-0}
bench=$(cd "$(dirname "$0")" && pwd)
corpus=$bench/../tests/fuzz/corpus/saved_table
[[ -x "$server" ]] || { echo "no server binary at $server" >&2; exit 2; }
[[ "$tables" =~ ^[0-9]+$ && "$tables" -ge 1 ]] || { echo "TABLES must be a positive number" >&2; exit 2; }
[[ "$public" =~ ^[0-9]+$ && "$public" -le 100 ]] || { echo "PUBLIC is a percentage, 0 to 100" >&2; exit 2; }

work=$(mktemp -d /tmp/shithead-many.XXXXXX)
server_pid=
perf_pid=
cleanup() {
  [[ -n "$perf_pid" ]] && kill -INT "$perf_pid" 2>/dev/null && wait "$perf_pid" 2>/dev/null
  [[ -n "$server_pid" ]] && kill -KILL "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  if [[ -n "${KEEP_DB:-}" ]]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Waits (bounded) for a line in a log; fails if the server died first.
wait_for_log() {  # PATTERN LOG PID SECONDS
  local deadline=$((SECONDS + $4))
  until grep -q "$1" "$2" 2>/dev/null; do
    kill -0 "$3" 2>/dev/null || { echo "the server exited before '$1':" >&2; tail -5 "$2" >&2; return 1; }
    ((SECONDS < deadline)) || { echo "no '$1' in $4 s" >&2; return 1; }
    sleep 0.05
  done
}

# Python: the store's rows, and a WebSocket client (stdlib only: a raw RFC 6455 handshake).
cat >"$work/many_tables.py" <<'PY'
import base64, hashlib, json, os, random, signal, socket, sqlite3, statistics, struct, sys, threading, time
from ws_client import ws  # bench/ws_client.py, on PYTHONPATH

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

def fill(db_path, corpus, tables, percent_public):
    """TABLES live tables from the two templates; a player row for every human seat."""
    waiting = json.load(open(os.path.join(corpus, "generated_0.json")))  # two humans, 4 seats
    between = json.load(open(os.path.join(corpus, "generated_6.json")))  # a human and a bot
    rng = random.Random(13)
    codes = set()
    while len(codes) < tables:
        codes.add("".join(rng.choice(ALPHABET) for _ in range(6)))
    now = int(time.time() * 1000)
    players, rooms, public = [], [], 0
    def swap(value, names):  # the template's "p0"/"Player 0" become real rows
        if isinstance(value, dict): return {k: swap(v, names) for k, v in value.items()}
        if isinstance(value, list): return [swap(v, names) for v in value]
        return names.get(value, value) if isinstance(value, str) else value
    for i, code in enumerate(sorted(codes, key=lambda c: rng.random())):
        template = waiting if i % 2 == 0 else between
        names = {}
        for seat in range(2 if template is waiting else 1):
            n = len(players)
            pid, name = "%012x" % (0x5eed00000000 + n), "Player %d" % n
            token_hash = hashlib.sha256(b"many-tables-token-%d" % n).hexdigest()
            players.append((pid, name, name.lower(), token_hash, now, now))  # ASCII: lower() is name_key()
            names["p%d" % seat], names["Player %d" % seat] = pid, name
        room = swap(template, names)
        room["settings"]["code"] = code
        room["settings"]["public"] = (i // 2) * percent_public % 100 < percent_public  # as many of each kind
        public += room["settings"]["public"]
        state = json.dumps({"room": room, "game_started_ms": now}, separators=(",", ":"))
        rooms.append((code, state, now))
    db = sqlite3.connect(db_path)
    with db:
        db.executemany("INSERT INTO players (id, name, name_key, token_hash, created, last_seen) "
                       "VALUES (?, ?, ?, ?, ?, ?)", players)
        db.executemany("INSERT INTO live_rooms (code, state, updated) VALUES (?, ?, ?)", rooms)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    print("store: %d saved tables (%d public), %d players" % (tables, public, len(players)))

def cpu_s(pid):
    try:
        fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")

def state(pid):
    try: return open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0]
    except OSError: return "gone"

def measure(pid, t0, port, log, wait_s, settle_s, stop_s, pings, term_at):
    since = lambda t: t - t0
    lines = {}
    def watch_log():  # when each line first shows up in the log
        while state(pid) not in ("Z", "gone") and len(lines) < 2:
            text = open(log, errors="replace").read()
            for key in ("table(s) restored", "listening on"):
                if key in text and key not in lines: lines[key] = time.time()
            time.sleep(0.02)
    threading.Thread(target=watch_log, daemon=True).start()

    term, term_cpu = [None], [None]
    def terminate():
        if term[0] is None:
            term_cpu[0] = cpu_s(pid)
            term[0] = time.time()
            os.kill(pid, signal.SIGTERM)
    if term_at > 0:  # SIGTERM at a fixed time, whatever is going on
        timer = threading.Timer(max(0, t0 + term_at - time.time()), terminate)
        timer.daemon = True
        timer.start()

    # The first welcome: connect until let in, say hello, wait for the answer.
    watcher, connected = None, None
    deadline = t0 + wait_s
    while watcher is None and time.time() < deadline and state(pid) not in ("Z", "gone") and term[0] is None:
        try:
            watcher = ws(port, timeout=max(1, deadline - time.time()))
            connected = time.time()
        except OSError:
            time.sleep(0.02)
    frames, welcome, closing, closed = [], None, [None], [None]
    if watcher:
        watcher.sock.settimeout(max(1, deadline - time.time()))
        watcher.send({"type": "hello", "v": 1, "name": "Watcher %d" % os.getpid()})
        try:
            while welcome is None:
                m = watcher.recv()
                if m is None: closed[0] = time.time(); break
                if m.get("type") == "welcome": welcome = time.time()
                elif m.get("type") == "closing": closing[0] = time.time()
                elif m.get("type") == "error": print("hello answered with", m); break
        except (OSError, ConnectionError) as e:
            print("no welcome:", e)
    if "listening on" in lines:
        print("listening on: %.2f s after start (log line seen)" % since(lines["listening on"]))
    else:
        print("listening on: not in the log within %d s" % wait_s)
    if connected:
        print("connected: %.2f s after start" % since(connected))
    if welcome is None:
        print("first welcome: none %s (server CPU %.2f s)"
              % ("before the SIGTERM" if term[0] else "within %d s of the start" % wait_s, cpu_s(pid)))
    else:
        print("first welcome: %.2f s after start, %.2f s after connecting (server CPU by then %.2f s)"
              % (since(welcome), welcome - connected, cpu_s(pid)))

        # The watcher stays and counts the lobby's frames on its own thread.
        def read_watcher():
            try:
                watcher.sock.settimeout(None)
                while True:
                    m = watcher.recv()
                    if m is None: closed[0] = time.time(); return
                    if m.get("type") in ("tables", "tables_changed"):  # the whole list, or what changed in it
                        frames.append((time.time(), m["type"], len(m.get("tables", [])), watcher.last_size))
                    elif m.get("type") == "closing": closing[0] = time.time()
            except (OSError, ConnectionError, ValueError):
                closed[0] = time.time()
        threading.Thread(target=read_watcher, daemon=True).start()

        try:
            bystander = ws(port, timeout=wait_s)
        except OSError as e:
            bystander = None
            print("bystander: cannot connect (%s)" % e)
        def ping_round(label):
            rtts = []
            for n in range(1, pings + 1):
                sent = time.time()
                try:
                    bystander.send({"type": "ping", "id": n})
                    while True:
                        m = bystander.recv()
                        if m is None or (m.get("type") == "pong" and m.get("id") == n): break
                except (OSError, ConnectionError):
                    m = None
                if m is None: return "ping %s: no pong (%d answered)" % (label, len(rtts))
                rtts.append((time.time() - sent) * 1000)
                time.sleep(0.2)
            return ("ping round trip %s: min %.2f / median %.2f / max %.2f ms (%d pings)"
                    % (label, min(rtts), statistics.median(rtts), max(rtts), len(rtts)))
        after_welcome = ping_round("right after the welcome") if bystander else None

        first_frame_by = time.time() + wait_s
        while not frames and time.time() < first_frame_by and closed[0] is None: time.sleep(0.01)
        if frames:
            t, _, listed, size = frames[0]
            print("first tables frame: %.2f s after start, %d tables listed, %d bytes" % (since(t), listed, size))
        else:
            print("first tables frame: none")
        if after_welcome: print(after_welcome)
        # Settled: no lobby frame for settle_s (bounded by wait_s).
        settle_by = time.time() + wait_s
        while time.time() < settle_by and closed[0] is None:
            last = frames[-1][0] if frames else welcome
            if time.time() - last >= settle_s: break
            time.sleep(0.05)
        if closed[0] is not None:
            print("lobby: %d lobby frames (%.1f MB) to the watcher before the server closed it"
                  % (len(frames), sum(f[3] for f in frames) / 1e6))
        elif frames and time.time() - frames[-1][0] >= settle_s:
            print("lobby settled: last lobby frame %.2f s after start; %d lobby frames (%.1f MB) to the watcher "
                  "(server CPU by then %.2f s)" % (since(frames[-1][0]), len(frames),
                                                   sum(f[3] for f in frames) / 1e6, cpu_s(pid)))
        else:
            print("lobby settled: still sending lobby frames %d s after the welcome (%d so far)" % (wait_s, len(frames)))
        if closed[0] is None and term[0] is None:
            # The whole list once more, to see that every public table made it in.
            asked, before = time.time(), len(frames)
            try:
                watcher.send({"type": "list_tables"})
            except OSError:
                pass
            while time.time() - asked < 30 and not any(f[1] == "tables" for f in frames[before:]) \
                    and closed[0] is None:
                time.sleep(0.01)
            again = [f for f in frames[before:] if f[1] == "tables"]
            if again:
                print("list_tables after the settle: %d tables listed, %d bytes, in %.2f ms"
                      % (again[0][2], again[0][3], (again[0][0] - asked) * 1000))
            else:
                print("list_tables after the settle: no answer")
            if bystander: print(ping_round("after the lobby settled"))
        if bystander:
            def read_bystander():  # from now on only the closing message and the close come
                try:
                    bystander.sock.settimeout(None)
                    while bystander.recv() is not None: pass
                except (OSError, ConnectionError, ValueError):
                    pass
            threading.Thread(target=read_bystander, daemon=True).start()

    # SIGTERM (now, unless TERM_AT sent it already) with the watcher and bystander still
    # connected; the watcher's thread, if it is still there, notes the closing message.
    if watcher and welcome is None and closed[0] is None:
        def read_closing():
            try:
                watcher.sock.settimeout(None)
                while True:
                    m = watcher.recv()
                    if m is None: closed[0] = time.time(); return
                    if m.get("type") == "closing": closing[0] = time.time()
            except (OSError, ConnectionError, ValueError):
                closed[0] = time.time()
        threading.Thread(target=read_closing, daemon=True).start()
    terminate()
    print("SIGTERM: %.2f s after start, server CPU by then %.2f s" % (since(term[0]), term_cpu[0]))
    while state(pid) not in ("Z", "gone") and time.time() - term[0] < stop_s: time.sleep(0.01)
    done = time.time()
    after = lambda t: "%.2f s" % (t - term[0]) if t and t >= term[0] else "none"
    if state(pid) in ("Z", "gone"):
        print("SIGTERM to exit: %.2f s, %.2f s after start (watcher: closing message after %s, close after %s)"
              % (done - term[0], since(done), after(closing[0]), after(closed[0])))
    else:
        os.kill(pid, signal.SIGKILL)
        print("SIGTERM to exit: still running after %d s: killed" % stop_s)

if __name__ == "__main__":
    if sys.argv[1] == "fill":
        fill(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        pid, t0, port, log, wait_s, settle_s, stop_s, pings, term_at = sys.argv[2:11]
        measure(int(pid), float(t0), int(port), log, float(wait_s), float(settle_s), float(stop_s), int(pings),
                float(term_at))
PY

# The schema, from the server itself; then the rows.
"$server" serve --port 0 --bind 127.0.0.1 --data "$work/seed.db" --log-level info >"$work/seed.log" 2>&1 &
server_pid=$!
wait_for_log "listening on" "$work/seed.log" "$server_pid" 60
kill -TERM "$server_pid"
# A child that has exited stays a zombie (state Z) until waited for: wait only then.
for _ in $(seq 1 600); do [[ "$(awk '{print $3}' "/proc/$server_pid/stat" 2>/dev/null)" == Z ]] && break; sleep 0.05; done
wait "$server_pid" || { echo "the server did not stop cleanly after making the schema" >&2; exit 1; }
server_pid=
PYTHONPATH="$bench" python3 "$work/many_tables.py" fill "$work/seed.db" "$corpus" "$tables" "$public"
echo "server: $server"

for run in $(seq 1 "$runs"); do
  [[ "$runs" -eq 1 ]] || echo "--- run $run of $runs"
  # Figures in seconds of wall time depend on what else the cores are doing.
  echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
  cp "$work/seed.db" "$work/run.db"
  rm -f "$work/run.db-wal" "$work/run.db-shm"
  log="$work/run$run.log"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$server" serve ${SERVER_FLAGS:-} --port "$port" --bind 127.0.0.1 --data "$work/run.db" --log-level info \
    >"$log" 2>&1 &
  server_pid=$!
  if [[ -n "${PERF:-}" && "$run" -eq 1 ]]; then
    perf record -q -F 499 -g -p "$server_pid" -o "$PERF" >/dev/null 2>&1 &
    perf_pid=$!
  fi
  PYTHONPATH="$bench" python3 "$work/many_tables.py" measure "$server_pid" "$start" "$port" "$log" "$wait_s" "$settle_s" "$stop_s" "$pings" \
    "$term_at"
  status=0
  wait "$server_pid" || status=$?
  server_pid=
  echo "exit status: $status"
  if [[ -n "$perf_pid" ]]; then
    kill -INT "$perf_pid" 2>/dev/null || true
    wait "$perf_pid" 2>/dev/null || true
    perf_pid=
  fi
  restored=$(grep -o 'store: [0-9]* player(s), [0-9]* table(s) restored' "$log" || echo "store: no restore line")
  echo "$restored"
  if ! grep -q " $tables table(s) restored" "$log"; then
    echo "NOT every table was restored; the log's first complaints:" >&2
    grep -m 5 -E 'cannot be restored|error|critical' "$log" >&2 || true
    exit 1
  fi
  warnings=$(grep -c -E '\] \[(warning|error|critical)\]' "$log" || true)
  echo "log: $warnings warning/error/critical line(s)$( ((warnings == 0)) || grep -m 3 -E '\] \[(warning|error|critical)\]' "$log" | sed 's/^/; /' | tr -d '\n')"
done
