-- SPDX-License-Identifier: MIT
-- Text is hashed as its bytes in the database encoding: the same as the
-- bytea of those bytes, in UTF-8 (this database) and in LATIN1; NULLs in,
-- NULL out; values of any size, stored compressed or out of line.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
RESET client_min_messages;
\set key '''\\x000102030405060708090a0b0c0d0e0f''::bytea'
\set other '''\\x0f0e0d0c0b0a09080706050403020100''::bytea'

SHOW server_encoding;

-- text = the bytea of its UTF-8 bytes, ASCII and not.
SELECT s, octet_length(s) AS bytes,
       siphash24(s, :key) = siphash24(convert_to(s, 'UTF8'), :key) AS s24,
       siphash13(s, :key) = siphash13(convert_to(s, 'UTF8'), :key) AS s13,
       siphash24_128(s, :key) = siphash24_128(convert_to(s, 'UTF8'), :key) AS s128
FROM (VALUES (''), ('a'), ('hello'), ('Grüße, Jürgen'), ('東京都'), ('😀 emoji'),
             ('user@example.com'), (repeat('é', 100))) v(s);

-- Explicit bytes, and different inputs or keys give different values.
SELECT siphash24('é', :key) = siphash24('\xc3a9'::bytea, :key) AS utf8_bytes,
       siphash24('é', :key) <> siphash24('e', :key) AS accent_matters,
       siphash24('abc', :key) <> siphash24('abc', :other) AS key_matters,
       siphash24('abc', :key) <> siphash13('abc', :key) AS rounds_matter,
       siphash24('abc', :key) <> siphash24('abc ', :key) AS length_matters;

-- 128-bit: 16 bytes.
SELECT octet_length(siphash24_128('abc', :key)) AS bytes_128;

-- Strict: NULL data or key gives NULL, without an error.
SELECT siphash24(NULL::text, :key) IS NULL AS t1,
       siphash24(NULL::bytea, :key) IS NULL AS t2,
       siphash24('a'::text, NULL) IS NULL AS t3,
       siphash13(NULL::text, :key) IS NULL AS t4,
       siphash24_128(NULL::bytea, :key) IS NULL AS t5,
       siphash24(NULL::text[], :key) IS NULL AS t6,
       siphash24(ARRAY['a'], NULL) IS NULL AS t7,
       siphash24(NULL::text) IS NULL AS t8,
       siphash13(NULL::bytea) IS NULL AS t9;

-- A fresh key: 16 bytes, a new one each time.
SELECT octet_length(siphash_generate_key()) AS key_bytes,
       siphash_generate_key() <> siphash_generate_key() AS fresh;

-- Large values, compressed (inline) and out of line (uncompressed), agree
-- with the same bytes built in memory.
CREATE TABLE big (id int, t text, b bytea);
ALTER TABLE big ALTER COLUMN b SET STORAGE EXTERNAL;
INSERT INTO big VALUES (1, repeat('siphash ', 200000), convert_to(repeat('0123456789', 50000), 'UTF8'));
SELECT pg_column_compression(t) IS NOT NULL AS t_compressed,
       octet_length(t) AS t_bytes, pg_column_size(b) >= 500000 AS b_uncompressed
FROM big;
SELECT siphash24(t, :key) = siphash24(repeat('siphash ', 200000), :key) AS toasted_text,
       siphash24(b, :key) = siphash24(repeat('0123456789', 50000), :key) AS external_bytea,
       siphash24_128(t, :key) = siphash24_128(convert_to(repeat('siphash ', 200000), 'UTF8'), :key) AS toasted_128
FROM big;
DROP TABLE big;

-- 32 MB in one value.
SELECT siphash24(repeat('x', 32 * 1024 * 1024), :key) = siphash24(convert_to(repeat('x', 32 * 1024 * 1024), 'UTF8'), :key) AS large_ok;

-- LATIN1: 'é' is the one byte e9 there.
\set regress_db :DBNAME
CREATE DATABASE regress_siphash_latin1 TEMPLATE template0 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C';
\c regress_siphash_latin1
SET client_min_messages = warning;
CREATE EXTENSION siphash;
RESET client_min_messages;
SET client_encoding = 'UTF8';
SHOW server_encoding;
SELECT siphash24('é', :key) = siphash24('\xe9'::bytea, :key) AS latin1_bytes,
       siphash24('é', :key) <> siphash24(convert_to('é', 'UTF8'), :key) AS differs_from_utf8,
       siphash24(convert_to('é', 'UTF8'), :key) = siphash24('\xc3a9'::bytea, :key) AS convert_to_utf8;
\c :regress_db
DROP DATABASE regress_siphash_latin1;
