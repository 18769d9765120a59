"""Figures of a cluster behind HAProxy (bench/cluster_figures.sh starts it): how long a
table's players wait after its server is killed (kill -9, then back in their seats
through the proxy), and how long a public table takes to reach a lobby on another
server. Prints one JSON object."""
import json, os, signal, statistics, subprocess, sys, time

from ws_client import ws

proxy, nodes, database, kills, listings = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])


def until(c, pred, wait=15):
    end = time.time() + wait
    c.sock.settimeout(wait)
    while time.time() < end:
        m = c.recv()
        if m is None: return None
        if pred(m): return m
    return None


def hello(port, path="/ws", name="", token=None):
    c = ws(port, 10, path)
    msg = {"type": "hello", "v": 1, "name": name}
    if token: msg["token"] = token
    c.send(msg)
    w = until(c, lambda m: m.get("type") in ("welcome", "error"))
    if not w or w["type"] != "welcome": raise RuntimeError("hello: %r" % (w,))
    return c, w


def sql(query):
    return subprocess.run(["psql", database, "-Atc", query], capture_output=True, text=True, check=True).stdout.strip()


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def pid_of_port(port):
    out = subprocess.run(["ss", "-ltnpH", "sport = :%d" % port], capture_output=True, text=True).stdout
    return int(out.split("pid=")[1].split(",")[0])


# Failover: a player at a table (reached through its URL, as the web client does), its
# server killed, the player back in the seat through the proxy.
failovers = []
for i in range(kills):
    c, w = hello(proxy, name="K%d%d" % (i, os.getpid() % 1000))
    c.send({"type": "create_table", "id": 1, "seats": 2})
    code = until(c, lambda m: m.get("type") == "joined")["code"]
    c.sock.close()
    c, _ = hello(proxy, "/ws?table=" + code, token=w["token"])
    if not until(c, lambda m: m.get("type") == "room"): raise RuntimeError("not back at " + code)
    owner = sql("SELECT owner FROM live_rooms WHERE code = '%s'" % code)
    pid = int(owner.split(":")[1])
    port = next(int(n) for n in nodes if pid_of_port(int(n)) == pid)
    killed = time.time()
    os.kill(pid, signal.SIGKILL)
    while True:  # as the web client: reconnect until the proxy finds a server
        try:
            c, _ = hello(proxy, "/ws?table=" + code, token=w["token"])
            if until(c, lambda m: m.get("type") == "room", 20): break
        except (OSError, RuntimeError):
            time.sleep(0.1)
    failovers.append(time.time() - killed)
    c.sock.close()
    # The node comes back on its port (the shell script's loop restarts it).
    while True:
        try:
            pid_of_port(port)
            break
        except (IndexError, ValueError):
            time.sleep(0.1)
    time.sleep(2.5)  # HAProxy's rise 2 at 500 ms, and a moment

# Cross-node lobby: a watcher on one server, a public table opened on another.
delays = []
watcher, _ = hello(int(nodes[0]), name="W%d" % os.getpid())
watcher.send({"type": "list_tables"})
until(watcher, lambda m: m.get("type") == "tables")
host, _ = hello(int(nodes[1]), name="H%d" % os.getpid())
for i in range(listings):
    opened = time.time()
    host.send({"type": "create_table", "id": 10 + i, "seats": 2, "public": True})
    code = until(host, lambda m: m.get("type") == "joined")["code"]
    seen = until(watcher, lambda m: m.get("type") == "tables_changed" and any(t["code"] == code for t in m["changed"]), 5)
    if seen: delays.append(time.time() - opened)
    host.send({"type": "leave"})
    time.sleep(0.3)

ms = lambda v: round(v * 1000, 1)
print(json.dumps({
    "failover_s": {"n": len(failovers), "p50": round(statistics.median(failovers), 2),
                   "p99": round(percentile(failovers, 99), 2), "max": round(max(failovers), 2)},
    "lobby_ms": {"n": len(delays), "of": listings, "p50": ms(statistics.median(delays)),
                 "p99": ms(percentile(delays, 99)), "max": ms(max(delays))},
}))
