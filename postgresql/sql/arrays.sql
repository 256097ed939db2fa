-- SPDX-License-Identifier: MIT
-- siphash24(text[] | bytea[], key) -> bigint[]: each element as the scalar
-- function hashes it, NULL elements NULL, the array's shape kept.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
RESET client_min_messages;
\set key '''\\x000102030405060708090a0b0c0d0e0f''::bytea'

-- Element by element equal to the scalar function (NULLs included).
CREATE FUNCTION same_as_scalar(a text[]) RETURNS boolean LANGUAGE sql AS $$
    SELECT coalesce(bool_and(h IS NOT DISTINCT FROM siphash24(x, '\x000102030405060708090a0b0c0d0e0f'::bytea)), true)
           AND count(*) = cardinality(a)
    FROM unnest(a, siphash24(a, '\x000102030405060708090a0b0c0d0e0f'::bytea)) u(x, h)
$$;

SELECT same_as_scalar(ARRAY['a', 'b', NULL, 'Grüße', '']) AS small,
       same_as_scalar(ARRAY[NULL, NULL]::text[]) AS all_null,
       same_as_scalar(ARRAY[]::text[]) AS empty;

-- Shapes: NULL positions, empty, multi-dimensional, lower bounds.
SELECT (siphash24(ARRAY['a', NULL, 'c'], :key))[2] IS NULL AS null_kept,
       (siphash24(ARRAY['a', NULL, 'c'], :key))[3] = siphash24('c', :key) AS third,
       siphash24(ARRAY[]::text[], :key) = '{}'::bigint[] AS empty_array,
       array_dims(siphash24(ARRAY[['a', 'b', 'c'], ['d', NULL, 'f']], :key)) AS dims_2d,
       (siphash24(ARRAY[['a', 'b', 'c'], ['d', NULL, 'f']], :key))[2][3] = siphash24('f', :key) AS elem_2_3,
       array_dims(siphash24('[3:4]={x,y}'::text[], :key)) AS dims_lbound,
       (siphash24('[3:4]={x,y}'::text[], :key))[4] = siphash24('y', :key) AS elem_4;

-- bytea[].
SELECT siphash24(ARRAY['\x'::bytea, '\x00', '\x0001', NULL], :key)
       IS NOT DISTINCT FROM ARRAY[siphash24('\x'::bytea, :key), siphash24('\x00'::bytea, :key),
                                  siphash24('\x0001'::bytea, :key), NULL] AS bytea_array;

-- More elements than one chunk of the batch call, lengths 0..199 mixed,
-- every seventh NULL.
SELECT same_as_scalar(array_agg(CASE WHEN i % 7 = 3 THEN NULL ELSE repeat(chr(97 + i % 26), i % 200) END ORDER BY i)) AS mixed_5000
FROM generate_series(1, 5000) i;

-- An array stored compressed in a table.
CREATE TABLE arrs (a text[]);
INSERT INTO arrs SELECT array_agg('user' || (i % 50) || '@example.com') FROM generate_series(1, 20000) i;
SELECT pg_column_compression(a) IS NOT NULL AS compressed, same_as_scalar(a) AS stored FROM arrs;
DROP TABLE arrs;

-- An expanded array (a PL/pgSQL variable changed in place).
DO $$
DECLARE
    a text[] := ARRAY['one', 'two', 'three'];
    h bigint[];
BEGIN
    a[2] := NULL;
    a[5] := 'five';
    h := siphash24(a, '\x000102030405060708090a0b0c0d0e0f'::bytea);
    ASSERT cardinality(h) = 5, 'cardinality';
    ASSERT h[2] IS NULL AND h[4] IS NULL, 'nulls';
    ASSERT h[5] = siphash24('five', '\x000102030405060708090a0b0c0d0e0f'::bytea), 'element 5';
    RAISE NOTICE 'expanded array: ok';
END $$;

DROP FUNCTION same_as_scalar(text[]);
