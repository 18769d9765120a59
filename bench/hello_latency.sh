#!/usr/bin/env bash
# How long a hello waits for its welcome (issue 29: a new player's row is stored before
# the welcome, and every token is read from the store first). Starts SERVER on an empty
# SQLite file (or SERVER_FLAGS="--database URL"), then, one connection at a time from one
# client: N new players say hello with a name, then each comes back with its token. Prints
# the time from the hello's send to the welcome's arrival, p50/p99/max, for each kind.
#
#   bench/hello_latency.sh build/release/server/shithead [N]        # N = 500
#   SERVER_FLAGS="--database postgresql://shithead@127.0.0.1:55432/bench" bench/hello_latency.sh ...
set -euo pipefail

[[ $# -ge 1 && $# -le 2 ]] || { sed -n 2,9p "$0"; exit 2; }
server=$1
count=${2:-500}
bench=$(cd "$(dirname "$0")" && pwd)
[[ -x "$server" ]] || { echo "no server binary at $server" >&2; exit 2; }

work=$(mktemp -d /tmp/shithead-hello.XXXXXX)
server_pid=
cleanup() {
  [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=bench/serve_on_free_port.sh
source "$bench/serve_on_free_port.sh"
# shellcheck disable=SC2086  # SERVER_FLAGS is a list of flags
serve_on_free_port "$work/server.log" --data "$work/shithead.db" --new-players-per-address 0 ${SERVER_FLAGS:-}

PYTHONPATH="$bench" python3 - "$port" "$count" <<'PY'
import statistics, sys, time
from ws_client import ws

port, count = int(sys.argv[1]), int(sys.argv[2])

def welcome_after(hello):
    """Milliseconds from sending `hello` on a new connection to its welcome, and the welcome."""
    c = ws(port, timeout=10)
    started = time.perf_counter()
    c.send(hello)
    while True:
        m = c.recv()
        if m is None: raise ConnectionError("closed before the welcome")
        if m.get("type") == "error": raise RuntimeError(m)
        if m.get("type") == "welcome":
            took = (time.perf_counter() - started) * 1000
            c.sock.close()
            return took, m

def report(label, times):
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print("%-22s n=%d p50 %.2f ms, p99 %.2f ms, max %.2f ms" % (label, len(times), statistics.median(times), p99, times[-1]))

fresh, tokens = [], []
for i in range(count):
    took, m = welcome_after({"type": "hello", "v": 1, "name": "Hello %d" % i})
    fresh.append(took)
    tokens.append(m["token"])
back = [welcome_after({"type": "hello", "v": 1, "name": "", "token": t})[0] for t in tokens]
report("new player", fresh)
report("back with a token", back)
PY
