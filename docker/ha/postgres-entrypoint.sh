#!/bin/sh
# Makes the cluster on the first start (the user, its password and the database from
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB), then runs PostgreSQL in the
# foreground on POSTGRES_PORT (5432), every address, password (SCRAM) logins only.
set -eu
bin=/usr/lib/postgresql/15/bin
user=${POSTGRES_USER:-shithead}
database=${POSTGRES_DB:-shithead}
port=${POSTGRES_PORT:-5432}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (docker/.env)}"
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$password_file" -A scram-sha-256 -E UTF8 --locale=C
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' -k /tmp" -w start
  PGPASSWORD=$POSTGRES_PASSWORD "$bin/psql" -h /tmp -U "$user" -d postgres -v ON_ERROR_STOP=1 -q \
    -c "CREATE DATABASE \"$database\""
  "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' -c port="$port" -k /tmp
