#!/usr/bin/env bash
# What the web client's heartbeat (web-client/js/net/connection.js: a ping after 2 s
# without a frame) costs the server: COUNT connections (default 500, from 127.0.1.1,
# 127.0.2.1, ..., 25 an address) say hello and sit in the lobby; for SECONDS (default 20)
# they send nothing, then for SECONDS each pings every 2 s as an idle page does. The
# server's CPU time (/proc/PID/stat, user + system) over each window is reported, with
# the difference per 1,000 pings and as a share of a core per 1,000 idle connections.
#
#   bench/heartbeat_cost.sh build/release/server/shithead [COUNT] [SECONDS]
set -euo pipefail

[[ $# -ge 1 && $# -le 3 ]] || { sed -n 2,9p "$0"; exit 2; }
server=$1
count=${2:-500}
seconds=${3:-20}
bench=$(cd "$(dirname "$0")" && pwd)
[[ -x "$server" ]] || { echo "no server binary at $server" >&2; exit 2; }

work=$(mktemp -d /tmp/shithead-heartbeat.XXXXXX)
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=bench/serve_on_free_port.sh
source "$bench/serve_on_free_port.sh"
serve_on_free_port "$work/server.log" --data "$work/shithead.db" --new-players-per-address 0

PYTHONPATH="$bench" python3 - "$port" "$count" "$seconds" "$server_pid" <<'PY'
import os, selectors, sys, time
from ws_client import ws

port, count, seconds, pid = (int(a) for a in sys.argv[1:])
tick = os.sysconf("SC_CLK_TCK")

def cpu_seconds():
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick  # utime, stime

clients = []
for i in range(count):
    c = ws(port, timeout=10, source="127.0.%d.1" % (1 + i // 25))  # the server admits 32 an address, 160 a /24
    c.send({"type": "hello", "v": 1, "name": "Beat %d" % i})
    while True:
        m = c.recv()
        if m is None: raise ConnectionError("closed before the welcome (client %d)" % i)
        if m.get("type") == "error": raise RuntimeError(m)
        if m.get("type") == "welcome": break
    clients.append(c)

def window(ping):
    """CPU seconds the server spent over `seconds`, and the pongs read."""
    pongs = 0
    sel = selectors.DefaultSelector()
    for c in clients:
        c.sock.setblocking(False)
        sel.register(c.sock, selectors.EVENT_READ, c)
    start_cpu, start = cpu_seconds(), time.monotonic()
    # Each client pings every 2 s, spread evenly over the 2 s as pages are.
    next_ping = [start + 2.0 * i / count for i in range(count)]
    while (now := time.monotonic()) < start + seconds:
        if ping:
            for i, c in enumerate(clients):
                if next_ping[i] <= now:
                    c.sock.setblocking(True); c.send({"type": "ping"}); c.sock.setblocking(False)
                    next_ping[i] += 2.0
        for key, _ in sel.select(timeout=0.01):
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            pongs += data.count(b'"pong"')
    used = cpu_seconds() - start_cpu
    sel.close()
    return used, pongs

idle, _ = window(False)
busy, pongs = window(True)
pings = count * seconds / 2
extra = busy - idle
print("%d idle lobby connections, %d s a window" % (count, seconds))
print("server CPU, no pings:      %.3f s (%.2f%% of a core)" % (idle, 100 * idle / seconds))
print("server CPU, a ping every 2 s: %.3f s (%.2f%% of a core), %d pongs for ~%d pings" % (busy, 100 * busy / seconds, pongs, pings))
print("the heartbeat: %.3f CPU-s per 1,000 pings; %.2f%% of a core per 1,000 idle connections"
      % (1000 * extra / pings, 100 * extra / seconds * 1000 / count))
PY
