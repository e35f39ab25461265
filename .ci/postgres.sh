#!/usr/bin/env bash
# Start Debian's PostgreSQL on 127.0.0.1 and create a throw-away test database.
# Prints the SQLAlchemy URL for KLAVERJAS_TEST_POSTGRES_URL.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
# The race tests open 40 sessions at once in each of pytest's four workers, beside the browser
# tests' servers: more than PostgreSQL's default 100 connections.
conf="/etc/postgresql/$version/main/conf.d/trainer-tests.conf"
if [ -d "$(dirname "$conf")" ] && ! grep -qs "max_connections = 400" "$conf"; then
  echo "max_connections = 400" > "$conf"
  pg_ctlcluster "$version" main restart >/dev/null 2>&1 || service postgresql restart >/dev/null 2>&1 || true
fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || service postgresql start >/dev/null 2>&1 || true
for _ in $(seq 30); do
  pg_isready -h 127.0.0.1 -q && break
  sleep 1
done
su postgres -c "psql -q -c \"DROP DATABASE IF EXISTS trainer_test\"" >/dev/null 2>&1
su postgres -c "psql -q -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'trainer') THEN CREATE ROLE trainer LOGIN PASSWORD 'trainer'; END IF; END \\\$\\\$\"" >/dev/null
# CREATEDB: the scale-out test gives its processes a database of their own.
su postgres -c "psql -q -c \"ALTER ROLE trainer CREATEDB\"" >/dev/null
su postgres -c "createdb -O trainer trainer_test"
echo "postgresql+psycopg://trainer:trainer@127.0.0.1:5432/trainer_test"
