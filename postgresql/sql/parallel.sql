-- SPDX-License-Identifier: MIT
-- Parallel query: the functions run in the workers (the key argument and
-- the siphash.key setting, which the workers receive from the leader), and
-- the sums equal the serial plan's.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
RESET client_min_messages;
\set key '''\\x000102030405060708090a0b0c0d0e0f''::bytea'

CREATE TABLE emails AS
SELECT 'user' || i || '@mail' || (i % 13) || '.example.com' AS e FROM generate_series(1, 200000) i;
ANALYZE emails;
SET siphash.key = '000102030405060708090a0b0c0d0e0f';

-- How many workers a query's plan launched.
CREATE FUNCTION workers_launched(q text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    line text;
    n int := 0;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
        IF line ~ 'Workers Launched: ' THEN
            n := n + substring(line FROM 'Workers Launched: (\d+)')::int;
        END IF;
    END LOOP;
    RETURN n;
END $$;

\set q 'SELECT sum(siphash24(e, ' :key ')) AS s24, sum(siphash13(e, ' :key ')) AS s13, sum(siphash24(e)) AS s24_setting, sum((siphash24(ARRAY[e, upper(e)], ' :key '))[2]) AS s24_array FROM emails'

SET max_parallel_workers_per_gather = 0;
:q \gset serial_

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) :q;
SELECT workers_launched(:'q') > 0 AS workers_ran;
:q \gset parallel_
SELECT :serial_s24 = :parallel_s24 AS s24_same,
       :serial_s13 = :parallel_s13 AS s13_same,
       :serial_s24_setting = :parallel_s24_setting AS setting_same,
       :serial_s24_array = :parallel_s24_array AS array_same,
       :serial_s24 = (SELECT sum(siphash24(convert_to(e, 'UTF8'), :key)) FROM emails) AS bytea_same;

RESET ALL;
DROP FUNCTION workers_launched(text);
DROP TABLE emails;
