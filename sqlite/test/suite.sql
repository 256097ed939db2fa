-- SPDX-License-Identifier: MIT
-- The SQLite extension's suite through the sqlite3 shell, run by run_sql.sh
-- in a directory holding ./siphash.so, the vector files and the key files.
-- Its output (values, checks, error messages) is compared with
-- expected/suite.out; random.txt (random inputs with their SQL hashes) is
-- recomputed with the C library by run_sql.sh.
.bail off
.mode list
.load ./siphash

-- The vectors' key 00 01 .. 0f and message i = the bytes 00 01 .. i-1.
CREATE TEMP TABLE kv(k BLOB);
INSERT INTO kv VALUES (X'000102030405060708090a0b0c0d0e0f');
CREATE TEMP TABLE bytes(b BLOB);
INSERT INTO bytes VALUES (X'000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e');

-- ---------------------------------------------------------------- vectors
-- The files are read at test time: no hash value is written here.  A
-- 64-bit answer is the uint64's little-endian bytes; le() turns the
-- INTEGER's 64 bits (printf %x, big-endian digits) into those bytes.
CREATE TEMP TABLE v24(h TEXT);
CREATE TEMP TABLE v13(h TEXT);
CREATE TEMP TABLE v128(h TEXT);
.import siphash-2-4-64.txt v24
.import siphash-1-3-64.txt v13
.import siphash-2-4-128.txt v128
CREATE TEMP VIEW msg AS
  SELECT v24.rowid - 1 AS len, substr(b, 1, v24.rowid - 1) AS m FROM v24, bytes;
CREATE TEMP VIEW le_check AS
  SELECT len, m,
    (SELECT h FROM v24 WHERE rowid = len + 1) AS h24,
    (SELECT h FROM v13 WHERE rowid = len + 1) AS h13,
    (SELECT h FROM v128 WHERE rowid = len + 1) AS h128
  FROM msg;
SELECT 'vectors', count(*),
  sum(lower(h24) = (SELECT group_concat(substr(printf('%016x', siphash24(m, k)), 15 - 2 * j, 2), '')
                    FROM (SELECT 0 j UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3
                          UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7))),
  sum(lower(h13) = (SELECT group_concat(substr(printf('%016x', siphash13(m, k)), 15 - 2 * j, 2), '')
                    FROM (SELECT 0 j UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3
                          UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7))),
  sum(lower(h128) = lower(hex(siphash24_128(m, k))))
FROM le_check, kv;

-- ------------------------------------------------ one number, documented
SELECT siphash24('frank@example.com', k), printf('%016x', siphash24('frank@example.com', k)),
       lower(hex(siphash24_128('frank@example.com', k))) FROM kv;

-- ------------------------------------------------------------- the types
-- TEXT is its UTF-8 bytes; INTEGER its 8 little-endian bytes; NULL gives NULL.
SELECT 'text = utf-8 bytes',
  siphash24('Grüße, 東京 😀', k) = siphash24(CAST('Grüße, 東京 😀' AS BLOB), k),
  siphash24('é', k) = siphash24(X'c3a9', k),
  siphash13('é', k) = siphash13(X'c3a9', k),
  siphash24_128('é', k) = siphash24_128(X'c3a9', k),
  siphash24('', k) = siphash24(X'', k),
  siphash24('', k) = siphash24(zeroblob(0), k) FROM kv;
SELECT 'integer = 8 LE bytes',
  siphash24(1, k) = siphash24(X'0100000000000000', k),
  siphash24(-2, k) = siphash24(X'feffffffffffffff', k),
  siphash13(258, k) = siphash13(X'0201000000000000', k),
  siphash24_128(9223372036854775807, k) = siphash24_128(X'ffffffffffffff7f', k),
  siphash24(-9223372036854775808, k) = siphash24(X'0000000000000080', k),
  siphash24(0, k) <> siphash24('0', k) FROM kv;
SELECT 'null',
  siphash24(NULL, k) IS NULL, siphash13(NULL, k) IS NULL, siphash24_128(NULL, k) IS NULL FROM kv;
SELECT 'types of results', typeof(siphash24('a', k)), typeof(siphash13('a', k)),
  typeof(siphash24_128('a', k)), length(siphash24_128('a', k)) FROM kv;

-- ------------------------------------------------------ the connection key
SELECT siphash24('a');
SELECT siphash13('a');
SELECT siphash24_128('a');
SELECT siphash_key_file('key_a.hex');
SELECT 'key_a.hex', siphash24('a') = siphash24('a', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf'),
  siphash13(7) = siphash13(7, X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf'),
  siphash24_128(X'00') = siphash24_128(X'00', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf'),
  siphash24(NULL) IS NULL;
SELECT siphash_key_file('key_b.hex');
SELECT 'key_b.hex (upper case, whitespace)', siphash24('a') = siphash24('a', X'b0b1b2b3b4b5b6b7b8b9babbbcbdbebf');
SELECT siphash_key_file('key_a.raw');
SELECT 'key_a.raw', siphash24('a') = siphash24('a', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf');
SELECT siphash_key_file('key_b.hex');
SELECT siphash_key_file('key_a_group.hex');
SELECT 'key_a_group.hex (group-readable: allowed, as siphashsum allows it)',
  siphash24('a') = siphash24('a', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf');
-- A key file that is refused leaves the key as it was.
SELECT siphash_key_file('key_world.hex');
SELECT 'refused file keeps the key', siphash24('a') = siphash24('a', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf');

-- ------------------------------------------------------ generated keys
SELECT 'generate_key', typeof(siphash_generate_key()), length(siphash_generate_key()),
  siphash_generate_key() <> siphash_generate_key();

-- ---------------------------------------------------------------- errors
SELECT siphash24('a', X'');
SELECT siphash24('a', X'000102030405060708090a0b0c0d0e');
SELECT siphash13('a', X'000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f');
SELECT siphash24_128('a', '000102030405060708090a0b0c0d0e0f');
SELECT siphash24('a', NULL);
SELECT siphash24(NULL, 12);
SELECT siphash24(1.5, X'000102030405060708090a0b0c0d0e0f');
SELECT siphash13(0.0);
SELECT siphash24_128(1e300, X'000102030405060708090a0b0c0d0e0f');
SELECT siphash_key_file('no_such_file');
SELECT siphash_key_file('key_dir');
SELECT siphash_key_file('key_fifo');
SELECT siphash_key_file('key_world.hex');
SELECT siphash_key_file('key_world_w.hex');
SELECT siphash_key_file('key_short.hex');
SELECT siphash_key_file('key_empty');
SELECT siphash_key_file('key_blank');
SELECT siphash_key_file('key_stray');
SELECT siphash_key_file('key_binary');
SELECT siphash_key_file('key_big');
SELECT siphash_key_file(NULL);
SELECT siphash_key_file(X'6b65795f612e686578');

-- -------------------------------------------- where each function may go
-- siphash_key_file runs only as the statement SELECT siphash_key_file(x)
-- with no other statement running, so no part of a schema can load, replace
-- or probe a key.  SQLite refuses it in the database's view and trigger
-- (DIRECTONLY, its message); the extension refuses a CHECK, the TEMP
-- trigger, view and default (which SQLite lets through) and a larger
-- statement, with one message whatever the path (no file oracle).
-- test_schema_routes.py has every route, in database files too.
CREATE TABLE t(x TEXT, h INTEGER);
CREATE VIEW v_key AS SELECT siphash_key_file('key_b.hex') AS r;
SELECT * FROM v_key;
CREATE TRIGGER t_key AFTER INSERT ON t BEGIN SELECT siphash_key_file('key_b.hex'); END;
INSERT INTO t VALUES ('a', 0);
DROP TRIGGER t_key;
DROP VIEW v_key;
CREATE TABLE c_key(x, CHECK (siphash_key_file('key_b.hex') IS NOT 5));
INSERT INTO c_key VALUES (1);
CREATE TABLE c_probe(x, CHECK (siphash_key_file('no_such_file') IS NOT 5));
INSERT INTO c_probe VALUES (1);
CREATE TEMP TRIGGER t_tkey AFTER INSERT ON t BEGIN SELECT siphash_key_file('key_b.hex'); END;
INSERT INTO t VALUES ('a', 0);
DROP TRIGGER t_tkey;
CREATE TEMP VIEW v_tkey AS SELECT siphash_key_file('key_b.hex');
SELECT * FROM v_tkey;
CREATE TEMP TABLE d_tkey(x, y DEFAULT (siphash_key_file('key_b.hex')));
INSERT INTO d_tkey(x) VALUES (1);
WITH c AS (SELECT siphash_key_file('key_b.hex')) SELECT * FROM c;
SELECT siphash_key_file('key_b.hex'), 1;
INSERT INTO t VALUES ('a', 0), ('b', 0);
SELECT siphash_key_file('key_world.hex') FROM t LIMIT 1;
SELECT 'rows the refused statements wrote', count(*) FROM c_key, c_probe, d_tkey;
SELECT 'schema and larger statements left the key', siphash24('a') = siphash24('a', X'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf');
-- Alone, in any case and spacing, with comments: accepted.
  select  SIPHASH_KEY_FILE ( /* B */ 'key_b.hex' ) ;
SELECT 'alone', siphash24('a') = siphash24('a', X'b0b1b2b3b4b5b6b7b8b9babbbcbdbebf');
SELECT siphash_key_file('key_a.hex');
-- With a key argument the hashes are deterministic: indexes and generated
-- columns may use them.  With the connection's key they are not.
CREATE INDEX t_h ON t(siphash24(x, X'000102030405060708090a0b0c0d0e0f'));
CREATE TABLE g(x TEXT, h INTEGER AS (siphash24(x, X'000102030405060708090a0b0c0d0e0f')));
INSERT INTO g(x) VALUES ('frank@example.com');
SELECT 'generated column', h FROM g;
CREATE INDEX t_h1 ON t(siphash24(x));
CREATE TABLE g1(x TEXT, h INTEGER AS (siphash24(x)));
-- Under trusted_schema=OFF a view may call the key-argument forms
-- (innocuous) but not the connection-key forms.
CREATE VIEW v_hash AS SELECT siphash24(x, X'000102030405060708090a0b0c0d0e0f') AS h2, x FROM t;
CREATE VIEW v_hash1 AS SELECT siphash24(x) AS h1 FROM t;
PRAGMA trusted_schema = OFF;
SELECT 'innocuous in a view', count(h2) FROM v_hash;
SELECT count(h1) FROM v_hash1;
PRAGMA trusted_schema = ON;
SELECT 'trusted schema', count(h1) FROM v_hash1;

-- Loaded through SQL's load_extension(), from inside a running statement,
-- by a connection that has read its schema: the schema that loading has
-- SQLite read again (module.c) is read again after it, with the functions.
.open :memory:
CREATE TABLE s(x TEXT, h INTEGER);
INSERT INTO s VALUES ('frank@example.com', -3614538409354901214);
SELECT 'load_extension() in a statement', count(*) FROM s WHERE load_extension('./siphash') IS NULL;
CREATE VIEW s_v AS SELECT siphash24(x, X'000102030405060708090a0b0c0d0e0f') = h AS ok FROM s;
SELECT 'the schema after', ok FROM s_v;

-- ------------------------------------------------------------- UTF-16
-- A fresh connection (the old one closes: its key is wiped) on a UTF-16
-- database: TEXT is still hashed as its UTF-8 bytes.
.open utf16.db
PRAGMA encoding = 'UTF-16le';
.load ./siphash
CREATE TABLE u(t TEXT, u8 BLOB);
INSERT INTO u VALUES ('é', X'c3a9'), ('Grüße, 東京 😀', X'4772c3bcc39f652c20e69db1e4baac20f09f9880'),
  ('', X''), ('frank@example.com', X'6672616e6b406578616d706c652e636f6d');
SELECT 'utf-16', (SELECT encoding FROM pragma_encoding), hex(CAST(t AS BLOB)),
  siphash24(t, X'000102030405060708090a0b0c0d0e0f') = siphash24(u8, X'000102030405060708090a0b0c0d0e0f'),
  siphash13(t, X'000102030405060708090a0b0c0d0e0f') = siphash13(u8, X'000102030405060708090a0b0c0d0e0f'),
  siphash24_128(t, X'000102030405060708090a0b0c0d0e0f') = siphash24_128(u8, X'000102030405060708090a0b0c0d0e0f')
  FROM u ORDER BY rowid;
SELECT 'utf-16, the documented number', siphash24(t, X'000102030405060708090a0b0c0d0e0f') FROM u WHERE rowid = 4;
SELECT 'new connection has no key';
SELECT siphash24('a');

-- ---------------------------------------------------- random, for run_sql.sh
-- 400 random inputs: BLOBs and TEXTs of 0..99 bytes (text with ASCII,
-- Latin, CJK and emoji), INTEGERs over the whole range; a fresh random key
-- each.  Each line: the request sqlite_ref answers, '|', the SQL value.
.open :memory:
.load ./siphash
CREATE TABLE r AS
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400),
  s(i, want, t) AS (
    SELECT i, abs(random()) % 30, '' FROM n WHERE i % 3 = 1
    UNION ALL
    SELECT i, want, t || char(CASE abs(random()) % 4
        WHEN 0 THEN 32 + abs(random()) % 95
        WHEN 1 THEN 160 + abs(random()) % 1200
        WHEN 2 THEN 19968 + abs(random()) % 20000
        ELSE 127744 + abs(random()) % 700 END)
    FROM s WHERE length(t) < want)
  SELECT i, randomblob(16) AS k, randomblob(abs(random()) % 100) AS x FROM n WHERE i % 3 = 0
  UNION ALL SELECT i, randomblob(16), t FROM s WHERE length(t) = want
  UNION ALL SELECT i, randomblob(16), random() FROM n WHERE i % 3 = 2;
CREATE VIEW req AS
  SELECT k, x, hex(k) AS kh,
    CASE typeof(x) WHEN 'integer' THEN
      (SELECT group_concat(substr(printf('%016x', x), 15 - 2 * j, 2), '')
       FROM (SELECT 0 j UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3
             UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7))
    ELSE coalesce(nullif(hex(CAST(x AS BLOB)), ''), '-') END AS xh
  FROM r;
SELECT 'random inputs', count(*), sum(typeof(x) = 'blob'), sum(typeof(x) = 'text'),
  sum(typeof(x) = 'integer'), sum(typeof(x) = 'text' AND length(CAST(x AS BLOB)) > length(x)) > 50
  FROM r;
.output random.txt
SELECT '24 ' || kh || ' ' || xh || '|' || siphash24(x, k) FROM req;
SELECT '13 ' || kh || ' ' || xh || '|' || siphash13(x, k) FROM req;
SELECT '128 ' || kh || ' ' || xh || '|' || lower(hex(siphash24_128(x, k))) FROM req;
SELECT '1u64 ' || kh || ' ' || x || '|' || siphash24(x, k) FROM req WHERE typeof(x) = 'integer';
.output stdout
SELECT 'done';
