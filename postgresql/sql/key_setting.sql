-- SPDX-License-Identifier: MIT
-- siphash.key: a superuser sets it (here for a role); the role uses it
-- through the one-argument forms but can neither read nor set it; a new
-- value reaches the role's next session.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
DROP ROLE IF EXISTS regress_siphash_app;
DROP ROLE IF EXISTS regress_siphash_lazy;
RESET client_min_messages;
LOAD 'siphash';
\set regress_db :DBNAME
\set superuser :USER
\set key '''\\x000102030405060708090a0b0c0d0e0f''::bytea'
\set key2 '''\\xf0e1d2c3b4a5968778695a4b3c2d1e0f''::bytea'

-- The superuser's own session.
SET siphash.key = '000102030405060708090a0b0c0d0e0f';
SHOW siphash.key;
SELECT siphash24('abc') = siphash24('abc', :key) AS s24, siphash13('abc') = siphash13('abc', :key) AS s13,
       siphash24('\x00ff'::bytea) = siphash24('\x00ff'::bytea, :key) AS s24_bytea,
       siphash13('\x00ff'::bytea) = siphash13('\x00ff'::bytea, :key) AS s13_bytea;
RESET siphash.key;

-- A role with a key.  session_preload_libraries loads the module when the
-- session starts, before its first query: until the module is loaded the
-- value is a placeholder that any role can SHOW (below).
CREATE ROLE regress_siphash_app LOGIN;
ALTER ROLE regress_siphash_app SET session_preload_libraries = 'siphash';
ALTER ROLE regress_siphash_app SET siphash.key = '000102030405060708090a0b0c0d0e0f';
GRANT USAGE ON SCHEMA public TO regress_siphash_app;

\c - regress_siphash_app
SELECT current_user;
SHOW siphash.key;
SELECT current_setting('siphash.key');
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name = 'siphash.key';
SELECT siphash24('abc') = siphash24('abc', :key) AS s24_uses_key,
       siphash13('abc') = siphash13('abc', :key) AS s13_uses_key;
-- Nor can it set the key, for its session or its role.
SET siphash.key = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
SELECT set_config('siphash.key', 'f0e1d2c3b4a5968778695a4b3c2d1e0f', false);
RESET siphash.key;
ALTER ROLE regress_siphash_app SET siphash.key = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
SELECT siphash24('abc') = siphash24('abc', :key) AS key_unchanged;

-- Rotation: a new value for the role, used by its next session.
\c - :superuser
ALTER ROLE regress_siphash_app SET siphash.key = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
\c - regress_siphash_app
SELECT siphash24('abc') = siphash24('abc', :key2) AS rotated;

-- But the value set with ALTER ROLE (or ALTER DATABASE) is stored in
-- pg_db_role_setting, which every role can read (also as pg_roles.rolconfig):
-- PostgreSQL shows per-role settings to everyone.  docs/postgresql.md keeps
-- a secret key in the server's configuration file for this reason.
SELECT count(*) AS readable_role_keys FROM pg_db_role_setting
WHERE EXISTS (SELECT FROM unnest(setconfig) c WHERE c LIKE 'siphash.key=%');

-- Without preloading: the module loads at the first siphash call.  Before
-- that the role's value is a placeholder, which SHOW displays to anyone;
-- a SET by the role then makes its own placeholder, which loading the
-- module refuses (a WARNING), keeping the key a superuser set.
\c - :superuser
CREATE ROLE regress_siphash_lazy LOGIN;
ALTER ROLE regress_siphash_lazy SET siphash.key = '000102030405060708090a0b0c0d0e0f';
\c - regress_siphash_lazy
SHOW siphash.key;
SET siphash.key = 'ffffffffffffffffffffffffffffffff';
SELECT siphash24('abc') = siphash24('abc', :key) AS own_set_refused;
SHOW siphash.key;

\c - :superuser
REVOKE USAGE ON SCHEMA public FROM regress_siphash_app;
DROP ROLE regress_siphash_app;
DROP ROLE regress_siphash_lazy;
