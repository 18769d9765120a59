# Sourced by bench scripts: serve_on_free_port LOG ARGS... starts `$server serve --port 0
# --bind 127.0.0.1 ARGS...` with its log in LOG, and sets server_pid and port once the
# log says where it listens (exits the script if the server dies or never says).
serve_on_free_port() {
  local log=$1
  shift
  "$server" serve --port 0 --bind 127.0.0.1 --log-level info "$@" >"$log" 2>&1 &
  server_pid=$!
  port=
  for _ in $(seq 1 600); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -n 1)
    [[ -n "$port" ]] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.05
  done
  echo "the server never said where it listens" >&2
  exit 1
}
