-- Foliodesk's database roles (docs/security.md, "Database roles"). Run once, by a superuser, on the
-- database the service uses, with psql variables naming the roles, their passwords and the database:
--   psql -v ON_ERROR_STOP=1 -v migrator=foliodesk_migrator -v migrator_password=... \
--        -v app=foliodesk_app -v app_password=... -v database=foliodesk -f roles.sql
-- The migrator owns the database and its schema and applies the migrations (DDL). The service
-- connects as the app role, which reads and writes rows (DML) and can create, alter, drop or
-- truncate nothing: a flaw in the service cannot change the schema or destroy a table.

CREATE ROLE :"migrator" LOGIN PASSWORD :'migrator_password';
CREATE ROLE :"app" LOGIN PASSWORD :'app_password';

ALTER DATABASE :"database" OWNER TO :"migrator";
-- No one else connects or makes temporary tables; the app may connect, nothing more at this level.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"app";

-- The schema belongs to the migrator; the app may use what is in it but create nothing there.
ALTER SCHEMA public OWNER TO :"migrator";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";

-- Every table and sequence the migrator creates from now on is the app's to read and write, no more.
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrator" IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrator" IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app";
-- And any that are there already.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app";
