#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL:
#   scripts/ensure-postgres.sh <command> [args...]
# Installs Debian's `postgresql` when missing, initdb's a cluster in a temp dir, starts it on a
# free 127.0.0.1 port (as the postgres user when we are root: PostgreSQL refuses root), exports
# TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres (trust auth), runs the command
# and always stops and deletes the cluster afterwards.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ $# -gt 0 ] || die "usage: $0 <command> [args...]"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  apt_ensure postgresql
fi
PG_BIN="$(pg_bin)"
[ -x "$PG_BIN/initdb" ] || die "PostgreSQL server binaries not found under /usr/lib/postgresql"

as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  as_pg=(runuser -u postgres --)
fi

# Under /tmp, not $TMPDIR: the postgres user must be able to reach it.
PG_TMP="$(mktemp -d /tmp/swap-pg.XXXXXX)"
chmod 755 "$PG_TMP"
[ ${#as_pg[@]} -eq 0 ] || chown postgres "$PG_TMP"
PG_DATA="$PG_TMP/data"
PG_PORT="$(free_port)"

cleanup() {
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

(cd / && "${as_pg[@]}" "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$PG_TMP/initdb.log" 2>&1) ||
  {
    cat "$PG_TMP/initdb.log" >&2
    die "initdb failed"
  }
# Throwaway cluster: durability off for speed.
if ! (cd / && "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_TMP/server.log" -w -t 60 start \
  -o "-p $PG_PORT -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null); then
  cat "$PG_TMP/server.log" >&2 || true
  die "PostgreSQL did not start"
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT (throwaway)"
set +e
"$@"
status=$?
set -e
exit "$status"
