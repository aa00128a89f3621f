#!/usr/bin/env bash
# Run a command against PostgreSQL and Redis started on loopback in a temporary folder
# (installing Debian's packages when missing), with DATABASE_URL and REDIS_URL set; both
# are stopped afterwards. PostgreSQL refuses to run as root, so it runs as `postgres`.
# The tests that restart them (tests/e2e/services.py) are told how in IMPERIA_SERVICES_*:
# pg_ctl, the data folder, its log and its user; the command line that starts Redis.
set -euo pipefail
need=()
command -v redis-server >/dev/null || need+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q && apt-get install -y -q "${need[@]}"
fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
pgport=${PGPORT:-55432}
redisport=${REDISPORT:-56379}
work=$(mktemp -d /tmp/imperia-services.XXXXXX)
chown postgres "$work"

stop() {
  runuser -u postgres -- "$pgbin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  [ -f "$work/redis.pid" ] && kill "$(cat "$work/redis.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT

runuser -u postgres -- "$pgbin/initdb" -D "$work/pg" -A trust -U imperia >/dev/null
runuser -u postgres -- "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-h 127.0.0.1 -p $pgport -k $work -c max_connections=200 -c fsync=off" start >/dev/null
"$pgbin/createdb" -h 127.0.0.1 -p "$pgport" -U imperia imperia
redis=(redis-server --bind 127.0.0.1 --port "$redisport" --save '' --appendonly no
  --daemonize yes --pidfile "$work/redis.pid" --logfile "$work/redis.log")
"${redis[@]}"
for _ in $(seq 50); do redis-cli -p "$redisport" ping >/dev/null 2>&1 && break; sleep 0.1; done

export DATABASE_URL="postgres://imperia@127.0.0.1:$pgport/imperia"
export REDIS_URL="redis://127.0.0.1:$redisport/0"
export IMPERIA_SERVICES_PG_CTL="$pgbin/pg_ctl" IMPERIA_SERVICES_PG_DATA="$work/pg"
export IMPERIA_SERVICES_PG_LOG="$work/pg.log" IMPERIA_SERVICES_PG_USER=postgres
export IMPERIA_SERVICES_REDIS_START="${redis[*]@Q}"
echo "PostgreSQL on 127.0.0.1:$pgport, Redis on 127.0.0.1:$redisport"
"$@"
