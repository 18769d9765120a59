#!/usr/bin/env bash
# A flood of idle TCP connections against a fresh server whose descriptor limit is 1,024
# (hard and soft, with prlimit, so that it is quick to reach), issue 13: "20,200 idle
# connections reached the descriptor limit and every new client was refused".
#
# Phase 1: CONNECTIONS idle connections (default 1500) from ADDRESSES source addresses
# (default 40: 127.0.1.1, 127.0.1.2, ...; on Linux all of 127.0.0.0/8 is loopback) that
# send nothing and are held for HOLD seconds (default 15). Meanwhile a probe from
# 127.0.0.1 asks GET /healthz every 0.5 s with a 2 s timeout. Reported: what became of the
# idle connections 2 s after the last was opened and at the end of the hold (still open,
# answered 429/503 and closed, closed without an answer), the probes (answered 200 / 503 /
# not answered), the server's open descriptors (/proc/PID/fd), then, once the idle
# connections are closed, the first probe (1 s timeout) and the time until one gets 200.
# Phase 2: 70 idle connections from the one address 127.0.200.1: which were refused 429.
# The server's log lines with "accept failed" or "Too many open files" are counted.
#
#   bench/idle_flood.sh build/release/server/shithead            # 1500 over 40 addresses
#   bench/idle_flood.sh build/release/server/shithead 1500 1     # all from one address
#
# Environment: PORT (default 18652), HOLD (seconds, default 15), KEEP_DB=1 keeps the
# folder with the database and the server's log.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 SERVER_BINARY [CONNECTIONS] [ADDRESSES]" >&2
  exit 2
fi
server=$1
connections=${2:-1500}
addresses=${3:-40}
port=${PORT:-18652}
hold=${HOLD:-15}
data=$(mktemp -d /tmp/shithead-idle-flood.XXXXXX)
log="$data/server.log"

prlimit --nofile=1024:1024 "$server" serve --port "$port" --bind 127.0.0.1 --data "$data/shithead.db" \
  --log-level info >"$log" 2>&1 &
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
echo "server $server (pid $pid), descriptor limit: $(grep 'Max open files' "/proc/$pid/limits" | awk '{print $4 " soft, " $5 " hard"}')," \
  "$(ls "/proc/$pid/fd" | wc -l) descriptors open at start"
grep -o 'up to [0-9]* connections[^"]*' "$log" | head -1 | sed 's/^/server log: /' || true

timeout 300 python3 - "$port" "$connections" "$addresses" "$hold" "$pid" <<'PY'
import os, resource, select, socket, sys, threading, time

port, conns, naddr, hold, pid = (int(a) for a in sys.argv[1:6])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
want = conns + 512
if soft < want:
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard) if hard != resource.RLIM_INFINITY else want, hard))

def server_fds():
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1

def source(n):  # n = 0, 1, ...: 127.0.1.1 ... 127.0.1.254, 127.0.2.1 ... (phase 2 uses 127.0.200.1)
    return f"127.0.{1 + n // 254}.{1 + n % 254}"

def probe(timeout, src="127.0.0.1"):
    """GET /healthz on a fresh connection: the status code, or why there is none."""
    deadline = time.monotonic() + timeout
    s = socket.socket()
    try:
        s.bind((src, 0))
        s.settimeout(timeout)
        s.connect(("127.0.0.1", port))
        s.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        got = b""
        while b"\r\n" not in got:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            s.settimeout(left)
            chunk = s.recv(512)
            if not chunk:
                return "closed"
            got += chunk
        return got.split(b" ", 2)[1].decode()
    except socket.timeout:
        return "timeout"
    except ConnectionRefusedError:
        return "refused"
    except ConnectionResetError:
        return "reset"
    except OSError as e:
        return e.strerror or str(e)
    finally:
        s.close()

def state(s):
    """What became of an idle connection: open, answered NNN, closed (EOF, no answer), reset."""
    try:
        got = s.recv(4096, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return "open"
    except ConnectionResetError:
        return "reset"
    except OSError as e:
        return e.strerror
    if not got:
        return "closed without an answer"
    parts = got.split(b" ", 2)
    return f"answered {parts[1].decode()}" if len(parts) > 1 and parts[0].startswith(b"HTTP/") else "answered (not HTTP)"

def tally(states):
    counts = {}
    for st in states:
        counts[st] = counts.get(st, 0) + 1
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))

def runs(samples):
    """[(t, result)] -> '0.0-9.5 s 503 x20; ...' (consecutive equal results merged)."""
    out, start, prev, n, last_t = [], None, None, 0, 0.0
    for t, r in samples + [(None, None)]:
        if r != prev or t is None:
            if prev is not None:
                out.append(f"{start:.1f}-{last_t:.1f} s {prev} x{n}")
            start, prev, n = t, r, 0
        if t is not None:
            n, last_t = n + 1, t
    return "; ".join(out)

# --- phase 1 --------------------------------------------------------------------------
t0 = time.monotonic()
probes, peak_fds, stop = [], [server_fds()], threading.Event()

def prober():  # one probe every 0.5 s, each in its own thread so that a timeout does not delay the next
    nxt, running = time.monotonic(), []
    while not stop.is_set():
        t = time.monotonic() - t0
        running.append(threading.Thread(target=lambda t=t: probes.append((t, probe(2.0)))))
        running[-1].start()
        peak_fds.append(server_fds())
        nxt += 0.5
        stop.wait(max(0.0, nxt - time.monotonic()))
    for r in running:
        r.join()
    probes.sort()

th = threading.Thread(target=prober, daemon=True)
th.start()
idle, failed = [], {}
for i in range(conns):
    s = socket.socket()
    try:
        s.bind((source(i % naddr), 0))
        s.settimeout(1.0)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)  # with a timeout set, recv would poll first, even with MSG_DONTWAIT
        idle.append(s)
    except OSError as e:
        why = "timeout" if isinstance(e, socket.timeout) else (e.strerror or str(e))
        failed[why] = failed.get(why, 0) + 1
        s.close()
opened = time.monotonic() - t0
print(f"phase 1: {conns} idle connections from {naddr} addresses: {len(idle)} connected in {opened:.1f} s"
      + (f", connect failed: {failed}" if failed else ""))
time.sleep(2.0)
print(f"  2 s after the last: {tally([state(s) for s in idle])}; server descriptors {server_fds()}")
time.sleep(max(0.0, hold - (time.monotonic() - t0)))
print(f"  at {time.monotonic() - t0:.1f} s: {tally([state(s) for s in idle])}; server descriptors {server_fds()}"
      f" (most during the hold {max(peak_fds)})")
stop.set()
th.join()
print(f"  probes: {tally([r for _, r in probes])}")
print(f"  probes over time: {runs(probes)}")

for s in idle:
    s.close()
closed_at = time.monotonic()
first = probe(1.0)
print(f"  idle connections closed: the first probe (1 s timeout): {first}", end="")
recovered = None
while first != "200" and time.monotonic() - closed_at < 60:
    time.sleep(0.1)
    first = probe(1.0)
if first == "200":
    recovered = time.monotonic() - closed_at
print(f"; a 200 {recovered:.1f} s after the close" if recovered is not None else "; no 200 within 60 s")
time.sleep(1.0)
print(f"  server descriptors 1 s later: {server_fds()}")

# --- phase 2 --------------------------------------------------------------------------
one, failed = [], 0
for i in range(70):
    s = socket.socket()
    try:
        s.bind(("127.0.200.1", 0))
        s.settimeout(1.0)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        one.append(s)
    except OSError:
        failed += 1
        one.append(None)
time.sleep(1.0)
states = [state(s) if s else "connect failed" for s in one]
refused = [i + 1 for i, st in enumerate(states) if st != "open"]
print(f"phase 2: 70 idle connections from 127.0.200.1: {tally(states)}"
      + (f"; the first not left open is #{refused[0]}" if refused else "; all 70 left open"))
print(f"  a probe from 127.0.0.1 meanwhile: {probe(2.0)}; from 127.0.200.1: {probe(2.0, '127.0.200.1')}")
for s in one:
    if s:
        s.close()
PY

echo "server log: $(grep -c -E 'accept failed|Too many open files' "$log" || true) lines with \"accept failed\" or \"Too many open files\""
grep -m1 -E 'accept failed|Too many open files' "$log" | sed 's/^/  first: /' || true
echo "server still running: $(kill -0 "$pid" 2>/dev/null && echo yes || echo no)"
