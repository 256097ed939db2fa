-- SPDX-License-Identifier: MIT
-- Known answers from the repository's shared vector files (tests/vectors,
-- read here at test time): key 00 01 .. 0f, message i = the i bytes
-- 00 01 .. (i-1), line i+1 = the reference output bytes in hex.  A 64-bit
-- answer is the little-endian reading of its 8 bytes; as bigint, the same
-- 64 bits.  No hash value is written in this file.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
RESET client_min_messages;

\getenv abs_srcdir PG_ABS_SRCDIR
\set dir :abs_srcdir '/../tests/vectors/'
\set f :dir 'siphash-2-4-64.txt'
\set v24 `cat :'f'`
\set f :dir 'siphash-1-3-64.txt'
\set v13 `cat :'f'`
\set f :dir 'siphash-2-4-128.txt'
\set v24_128 `cat :'f'`

-- The bigint whose 64 bits are the little-endian reading of 16 hex digits.
CREATE FUNCTION le64(hex text) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT ('x' || string_agg(substr(hex, 2 * k + 1, 2), '' ORDER BY k DESC))::bit(64)::bigint
    FROM generate_series(0, 7) k
$$;

CREATE TABLE vectors AS
SELECT f.variant, (t.line - 1)::int AS len, t.hex,
       decode(coalesce((SELECT string_agg(lpad(to_hex(b), 2, '0'), '' ORDER BY b)
                        FROM generate_series(0, t.line - 2) b), ''), 'hex') AS msg
FROM (VALUES ('2-4-64', :'v24'), ('1-3-64', :'v13'), ('2-4-128', :'v24_128')) f(variant, body),
     regexp_split_to_table(f.body, E'\n') WITH ORDINALITY t(hex, line);

\set key '''\\x000102030405060708090a0b0c0d0e0f''::bytea'

-- Every file has 64 answers, and the messages are 0..63 bytes long.
SELECT variant, count(*) AS answers, min(len), max(len), bool_and(octet_length(msg) = len) AS msg_ok
FROM vectors GROUP BY variant ORDER BY variant;

-- All 64 agree, for each function.
SELECT 'siphash24(bytea, bytea)' AS function, count(*) FILTER (WHERE siphash24(msg, :key) = le64(hex)) AS agree
FROM vectors WHERE variant = '2-4-64'
UNION ALL
SELECT 'siphash13(bytea, bytea)', count(*) FILTER (WHERE siphash13(msg, :key) = le64(hex))
FROM vectors WHERE variant = '1-3-64'
UNION ALL
SELECT 'siphash24_128(bytea, bytea)', count(*) FILTER (WHERE encode(siphash24_128(msg, :key), 'hex') = hex)
FROM vectors WHERE variant = '2-4-128';

-- Results with the top bit set are negative bigints with the same bits.
SELECT count(*) FILTER (WHERE siphash24(msg, :key) < 0) > 0 AS some_negative,
       count(*) FILTER (WHERE siphash24(msg, :key) > 0) > 0 AS some_positive
FROM vectors WHERE variant = '2-4-64';

-- The array form over all 64 messages (one batch), in order.
SELECT siphash24(array_agg(msg ORDER BY len), :key) = array_agg(le64(hex) ORDER BY len) AS array_agrees
FROM vectors WHERE variant = '2-4-64';

-- A key passed as text that spells hex is 32 bytes, not 16: an error
-- (errors.sql), never a silently different key.  decode() gives the bytes.
SELECT siphash24(msg, decode('000102030405060708090a0b0c0d0e0f', 'hex')) = le64(hex) AS decode_key_ok
FROM vectors WHERE variant = '2-4-64' AND len = 15;

DROP TABLE vectors;
DROP FUNCTION le64(text);
