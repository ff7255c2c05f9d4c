#!/bin/sh
# Runs once, when the PostgreSQL container first creates its data directory: creates the migrator and
# app roles of roles.sql for POSTGRES_DB. The passwords come from the compose file's environment.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v migrator=foliodesk_migrator -v migrator_password="$FOLIODESK_MIGRATOR_PASSWORD" \
  -v app=foliodesk_app -v app_password="$FOLIODESK_APP_PASSWORD" \
  -v database="$POSTGRES_DB" \
  -f /foliodesk/roles.sql
