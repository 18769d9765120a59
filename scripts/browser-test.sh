#!/usr/bin/env bash
# The web client's tests: unit tests of its pure modules (node --test) and end-to-end
# tests in headless Chromium (Debian's package, driven by playwright-core) against the
# real server binary, started here on a free port with a fresh data folder and always
# stopped at the end. Installs what is missing first: chromium (and an emoji font, so
# that reactions show in screenshots) with apt-get, the test packages with npm ci.
#
#   SHITHEAD_BINARY  the server (default build/release/server/shithead)
#   BROWSER_TEST_TIMEOUT  seconds for the browser tests (default 1500)
# Screenshots go to test-output/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

binary=${SHITHEAD_BINARY:-build/release/server/shithead}
budget=${BROWSER_TEST_TIMEOUT:-1500}

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
missing=()
command -v node >/dev/null || missing+=(nodejs npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg-query -W -f='${Status}' fonts-noto-color-emoji 2>/dev/null | grep -q "install ok installed" || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
command -v node >/dev/null || { echo "browser-test: node is missing (apt-get install nodejs npm)" >&2; exit 1; }
# playwright-core needs Node 20 or newer.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  echo "browser-test: node $(node --version) is too old: playwright-core needs Node 20 or newer" >&2
  exit 1
fi

(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

echo "== unit tests of the web client"
(cd tests/browser && timeout 120 node --test unit/)

if [ ! -x "$binary" ]; then
  echo "browser-test: no server binary at $binary (build it: cmake --preset release && cmake --build --preset release --target shithead)" >&2
  exit 1
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    # A graceful stop; the server gives open rooms a few seconds (about 8 today).
    for _ in $(seq 150); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --port 0: the system picks a free port, which the server logs. Every test's players
# come from 127.0.0.1, so the limits on new players and tables per address are off.
# --bot-pace 0: bots move at once at tables that do not choose a pace, so that tests
# about other things play quickly; the create-table form always chooses one (a
# person's pace by default), and the tests of the pace open their tables there.
"$binary" serve --port 0 --bind 127.0.0.1 --static "$root/web-client" --data "$work/shithead.db" \
  --new-players-per-address 0 --tables-per-address 0 --bot-pace 0 --log-level info >"$work/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 100); do
  url=$(grep -o 'listening on http://[0-9.:]*' "$work/server.log" | head -1 | sed 's/listening on //' || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "browser-test: the server did not start" >&2
  cat "$work/server.log" >&2
  exit 1
fi
echo "== browser tests against $url"
# Only this run's screenshots, so that none left from an older run is taken for new.
rm -rf "$root/test-output/screenshots"

status=0
# The binary too: a test plays a game with `shithead play` and replays its record. And the
# server's process: a test pauses it (SIGSTOP) to be a server that answers nothing.
binary_path=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
(cd tests/browser && SHITHEAD_URL="$url" SHITHEAD_BINARY="$binary_path" SHITHEAD_SERVER_PID="$server_pid" timeout "$budget" \
  node --test --test-concurrency=1 e2e/) || status=$?
if [ $status -ne 0 ]; then
  echo "browser-test: failed (status $status); the server's log:" >&2
  tail -n 50 "$work/server.log" >&2
fi
exit $status
