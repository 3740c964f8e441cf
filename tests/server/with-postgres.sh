#!/usr/bin/env bash
# npm run test:postgres — the server's tests against a real PostgreSQL instead of PGlite.
#
# Starts a throwaway PostgreSQL cluster in a temporary folder on a free port, runs
# `npm run test:unit` with DATABASE_URL pointing at it (the run seeds one template database, and each
# test file creates and drops a copy of its own), and always stops the server and deletes the folder on exit.
# Extra arguments go to vitest, e.g. `npm run test:postgres -- tests/server/catalog-api.test.ts`.
#
# `with-postgres.sh --run <command…>` runs any command instead, with DATABASE_URL set to the
# cluster's `postgres` database (npm run test:scale: `--run node --import tsx tests/scale/run.ts`).
set -euo pipefail

run_command=()
if [[ "${1:-}" == "--run" ]]; then
  shift
  if [[ "$#" -eq 0 ]]; then
    echo "with-postgres: --run needs a command, e.g. with-postgres.sh --run node --import tsx tests/scale/run.ts" >&2
    exit 2
  fi
  run_command=("$@")
fi

cd "$(dirname "$0")/../.."

find_pg_bin() {
  local dir
  # Newest version first; PostgreSQL 15 is what the project is checked against.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

pg_bin="$(find_pg_bin || true)"
if [[ -z "$pg_bin" ]]; then
  if [[ "$(id -u)" == "0" && -f /etc/debian_version ]]; then
    echo "with-postgres: PostgreSQL is not installed, installing it with apt-get…" >&2
    if ! apt-cache policy postgresql 2>/dev/null | grep -q 'Candidate: [0-9]'; then
      apt-get -o DPkg::Lock::Timeout=600 update
    fi
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y postgresql
    pg_bin="$(find_pg_bin || true)"
  fi
  if [[ -z "$pg_bin" ]]; then
    echo "with-postgres: initdb and pg_ctl were not found." >&2
    echo "with-postgres: install PostgreSQL 15 (Debian: apt-get install postgresql), or put its bin folder on PATH." >&2
    exit 1
  fi
fi

# initdb refuses to run as root, so root hands the cluster to the postgres user.
as_owner=()
if [[ "$(id -u)" == "0" ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root, but there is no postgres user to own the cluster (it comes with Debian's postgresql package)." >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

work_dir="$(mktemp -d "${TMPDIR:-/tmp}/ottisk-postgres.XXXXXX")"
data_dir="$work_dir/data"
log_file="$work_dir/postgres.log"
started=0

cleanup() {
  local status=$?
  if [[ "$started" == "1" ]]; then
    "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data_dir" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work_dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ "${#as_owner[@]}" -gt 0 ]]; then
  chown postgres: "$work_dir"
  chmod 700 "$work_dir"
fi

port="$(node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"

echo "with-postgres: $("$pg_bin/postgres" --version), cluster in $work_dir, port $port" >&2
"${as_owner[@]}" "$pg_bin/initdb" -D "$data_dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null

# Durability is pointless for a cluster that is deleted in a minute; turning it off makes the tests faster.
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data_dir" -l "$log_file" -w -t 60 \
  -o "-p $port -k $work_dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
  start >/dev/null || {
  echo "with-postgres: PostgreSQL did not start; its log:" >&2
  cat "$log_file" >&2 || true
  exit 1
}
started=1

for _ in $(seq 1 100); do
  if "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres; then break; fi
  sleep 0.1
done
"$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres || {
  echo "with-postgres: PostgreSQL is not accepting connections on port $port" >&2
  exit 1
}

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
if [[ "${#run_command[@]}" -gt 0 ]]; then
  "${run_command[@]}"
else
  npm run test:unit -- "$@"
fi
