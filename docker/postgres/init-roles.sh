#!/bin/sh
# Creates or brings up to date the migrator and app roles of roles.sql for POSTGRES_DB, as the
# superuser POSTGRES_USER (password in PGPASSWORD, server in PGHOST). Compose's one-shot `db-roles`
# service runs it before every `migrate`: on a new data volume, and on one created before the roles
# existed, whose tables it hands to the migrator. roles.sql is idempotent, so running it again is safe.
# The passwords come from the compose file's environment.
set -eu
psql -v ON_ERROR_STOP=1 --quiet --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v migrator=foliodesk_migrator -v migrator_password="$FOLIODESK_MIGRATOR_PASSWORD" \
  -v app=foliodesk_app -v app_password="$FOLIODESK_APP_PASSWORD" \
  -v database="$POSTGRES_DB" \
  -f /foliodesk/roles.sql
echo "foliodesk roles are in place on $POSTGRES_DB"
