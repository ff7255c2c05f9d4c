-- Foliodesk's database roles (docs/security.md, "Database roles"). Run by a superuser on the database
-- the service uses, with psql variables naming the roles, their passwords and the database:
--   psql -v ON_ERROR_STOP=1 -v migrator=foliodesk_migrator -v migrator_password=... \
--        -v app=foliodesk_app -v app_password=... -v database=foliodesk -f roles.sql
-- The migrator owns the database, its schema and everything in it, and applies the migrations (DDL).
-- The service connects as the app role, which reads and writes rows (DML) and can create, alter, drop
-- or truncate nothing: a flaw in the service cannot change the schema or destroy a table.
--
-- Idempotent: run it on a new database, and again on every start (compose's `db-roles` service), also
-- on a database created before the roles existed, whose tables, sequences, types and functions belong
-- to the superuser that migrated it: it creates the roles that are missing, sets their passwords, hands
-- every object in the schema to the migrator (so later migrations can alter them) and grants the app
-- role its rows. (psql variables are not expanded inside DO blocks, so they pass through session settings; SET
-- prints nothing of them.)

SET foliodesk.migrator = :'migrator';
SET foliodesk.migrator_password = :'migrator_password';
SET foliodesk.app = :'app';
SET foliodesk.app_password = :'app_password';

DO $roles$
DECLARE
  role_name text;
  role_password text;
BEGIN
  FOR role_name, role_password IN
    VALUES (current_setting('foliodesk.migrator'), current_setting('foliodesk.migrator_password')),
           (current_setting('foliodesk.app'), current_setting('foliodesk.app_password'))
  LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) THEN
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', role_name, role_password);
    ELSE
      -- The password of the environment wins, and a role that exists keeps no extra powers.
      EXECUTE format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L', role_name, role_password);
    END IF;
  END LOOP;
END
$roles$;

-- The passwords are not left in the session's settings.
SET foliodesk.migrator_password = '';
SET foliodesk.app_password = '';

ALTER DATABASE :"database" OWNER TO :"migrator";
-- No one else connects or makes temporary tables; the app may connect, nothing more at this level.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"app";

-- The schema belongs to the migrator; the app may use what is in it but create nothing there.
ALTER SCHEMA public OWNER TO :"migrator";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";

-- What is in the schema already (a database migrated by the superuser before the roles existed) is
-- handed to the migrator: tables (with the sequences they own), views, other sequences, types and
-- functions. Objects of extensions stay with their extension.
DO $owners$
DECLARE
  migrator text := current_setting('foliodesk.migrator');
  target record;
BEGIN
  FOR target IN
    SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind,
           format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public'
       AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
       AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = migrator)
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     -- Tables first: a sequence a table owns follows its table (and cannot be given away alone).
     ORDER BY c.relkind = 'S', c.relname
  LOOP
    -- A sequence owned by a table already changed owner with it.
    IF target.kind = 'SEQUENCE' AND EXISTS (
      SELECT 1 FROM pg_class s
       WHERE s.oid = target.name::regclass AND s.relowner = (SELECT oid FROM pg_roles WHERE rolname = migrator)
    ) THEN
      CONTINUE;
    END IF;
    EXECUTE format('ALTER %s %s OWNER TO %I', target.kind, target.name, migrator);
  END LOOP;

  FOR target IN
    SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END AS kind, format('%I.%I', n.nspname, t.typname) AS name
      FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = 'public'
       AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
       AND t.typowner <> (SELECT oid FROM pg_roles WHERE rolname = migrator)
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I', target.kind, target.name, migrator);
  END LOOP;

  FOR target IN
    SELECT p.oid::regprocedure::text AS name
      FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = migrator)
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', target.name, migrator);
  END LOOP;
END
$owners$;

-- Every table and sequence the migrator creates from now on is the app's to read and write, no more.
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrator" IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrator" IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app";
-- And any that are there already.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app";
