#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# postgresql/bench.sh [--quick] [--rows N] — the extension's speed against
# PostgreSQL's own hashes, in one backend of a throw-away server.
#
# A table of e-mail addresses (1M rows; --quick: 200k, best of 5, for CI),
# one backend, no parallel workers, JIT off, the table in shared buffers;
# each query timed in the same session with clock_timestamp(), the queries
# in turn (A B C .. A B C ..), best of 3.  Reported: milliseconds, ns per row, and the ratios
# the targets are about:
#
#   sum(siphash24(e, key))  <= 1.25 x  sum(hashtextextended(e, 0))
#   count(md5(e))           >= 5 x     sum(siphash24(e, key))
#   count(hmac(e::bytea, key, 'sha256'))  >= 8 x  sum(siphash24(e, key))
#
# and the array form's cost per element.  A missed target is printed, not
# an error: this is a measurement, not a test (it exits non-zero only when
# something fails to run).  Needs the extension installed (make -C
# postgresql install) and pgcrypto (Debian's postgresql-15 has it).
set -euo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rows=1000000
rounds=3
while [[ $# -gt 0 ]]; do
    case $1 in
        --quick) rows=200000 rounds=5 ;;
        --rows) rows=$2; shift ;;
        -h | --help) sed -n '3,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=tempserver.sh
source "$here/tempserver.sh"
trap pg_temp_stop EXIT
pg_temp_start >/dev/null 2>&1 || { echo "bench.sh: could not start a server" >&2; exit 1; }

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
fam=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
model=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "postgresql/bench.sh: $rows rows, best of $rounds, one backend; CPU: $cpu (family $fam model $model)"
echo "$(psql -X -At -d postgres -c 'SELECT version()')"

psql -X -q -v ON_ERROR_STOP=1 -v rows="$rows" -v rounds="$rounds" -d postgres <<'SQL'
\pset footer off
SET client_min_messages = warning;
CREATE EXTENSION siphash;
CREATE EXTENSION pgcrypto;
SET jit = off;
SET max_parallel_workers_per_gather = 0;

-- E-mail addresses of 15 to 40 bytes: a name, a number, a domain.
CREATE UNLOGGED TABLE emails AS
SELECT (ARRAY['anna','bob','carla','dmitri','eve','farid','gunilla','hiroshi','ines','jean-luc'])[1 + i % 10]
       || '.' || (ARRAY['smith','nguyen','garcia','mueller','rossi','kowalski','tanaka','okafor'])[1 + (i / 10) % 8]
       || (i % 10007)::text || '@'
       || (ARRAY['gmail.com','example.org','mail.example.co.uk','posteo.de','yahoo.fr','uni-heidelberg.de'])[1 + (i / 80) % 6] AS e
FROM generate_series(1, :rows) i;
VACUUM ANALYZE emails;
SELECT count(*) AS rows, round(avg(octet_length(e)), 1) AS avg_bytes, min(octet_length(e)) AS min_bytes,
       max(octet_length(e)) AS max_bytes, pg_size_pretty(pg_relation_size('emails')) AS table_size
FROM emails;

SELECT encode(siphash_generate_key(), 'hex') AS key \gset
SET siphash.key = :'key';
SELECT set_config('bench.key', :'key', false), set_config('bench.rounds', :'rounds', false) \g /dev/null

CREATE TEMP TABLE queries (name text, q text, ord int);
INSERT INTO queries VALUES
    ('count(e)',                       'SELECT count(e) FROM emails', 1),
    ('sum(hashtextextended(e, 0))',    'SELECT sum(hashtextextended(e, 0)) FROM emails', 2),
    ('sum(siphash24(e, key))',         format('SELECT sum(siphash24(e, decode(%L, ''hex''))) FROM emails', current_setting('bench.key')), 3),
    ('sum(siphash13(e, key))',         format('SELECT sum(siphash13(e, decode(%L, ''hex''))) FROM emails', current_setting('bench.key')), 4),
    ('sum(siphash24(e)) [siphash.key]','SELECT sum(siphash24(e)) FROM emails', 5),
    ('count(md5(e))',                  'SELECT count(md5(e)) FROM emails', 6),
    ('count(hmac(e::bytea, key, ''sha256''))',
        format('SELECT count(hmac(e::bytea, decode(%L, ''hex''), ''sha256'')) FROM emails', current_setting('bench.key')), 7);

CREATE TEMP TABLE timings (name text, round int, ms float8);
DO $$
DECLARE
    r record;
    t0 timestamptz;
    arr text[];
    h bigint[];
BEGIN
    -- Warm: the table in shared buffers, each function's first call done.
    FOR r IN SELECT * FROM queries ORDER BY ord LOOP
        EXECUTE r.q;
    END LOOP;
    arr := ARRAY(SELECT e FROM emails);
    h := siphash24(arr, decode(current_setting('bench.key'), 'hex'));
    FOR round IN 1 .. current_setting('bench.rounds')::int LOOP
        FOR r IN SELECT * FROM queries ORDER BY ord LOOP
            t0 := clock_timestamp();
            EXECUTE r.q;
            INSERT INTO timings VALUES (r.name, round,
                1000 * extract(epoch FROM clock_timestamp() - t0));
        END LOOP;
        t0 := clock_timestamp();
        h := siphash24(arr, decode(current_setting('bench.key'), 'hex'));
        INSERT INTO timings VALUES ('siphash24(text[], key)', round,
            1000 * extract(epoch FROM clock_timestamp() - t0));
    END LOOP;
    ASSERT cardinality(h) = cardinality(arr);
END $$;

CREATE TEMP TABLE best AS
SELECT name, min(ms) AS ms, max(ms) AS worst FROM timings GROUP BY name;
\set n :rows

\echo
\echo 'best of the rounds (worst in brackets); ns/row = ms / rows; net = ns/row minus count(e)''s'
SELECT b.name AS query, round(b.ms::numeric, 1) AS best_ms, round(b.worst::numeric, 1) AS worst_ms,
       round((b.ms * 1e6 / :n)::numeric, 1) AS ns_per_row,
       CASE WHEN b.name = 'siphash24(text[], key)' THEN NULL
            ELSE round(((b.ms - c.ms) * 1e6 / :n)::numeric, 1) END AS net_ns_per_row,
       round((b.ms / a.ms)::numeric, 2) AS vs_hashtextextended
FROM best b, best a, best c
WHERE a.name = 'sum(hashtextextended(e, 0))' AND c.name = 'count(e)'
ORDER BY (SELECT ord FROM queries q WHERE q.name = b.name) NULLS LAST;

\echo 'targets'
WITH t AS (SELECT name, ms FROM best)
SELECT target, round(ratio::numeric, 2) AS measured, CASE WHEN ok THEN 'met' ELSE 'NOT MET' END AS verdict
FROM (
    SELECT 'siphash24 / hashtextextended <= 1.25' AS target, s.ms / a.ms AS ratio, s.ms / a.ms <= 1.25 AS ok, 1 AS o
    FROM t s, t a WHERE s.name = 'sum(siphash24(e, key))' AND a.name = 'sum(hashtextextended(e, 0))'
    UNION ALL
    SELECT 'md5 / siphash24 >= 5', m.ms / s.ms, m.ms / s.ms >= 5, 2
    FROM t s, t m WHERE s.name = 'sum(siphash24(e, key))' AND m.name = 'count(md5(e))'
    UNION ALL
    SELECT 'hmac-sha256 / siphash24 >= 8', h.ms / s.ms, h.ms / s.ms >= 8, 3
    FROM t s, t h WHERE s.name = 'sum(siphash24(e, key))' AND h.name LIKE 'count(hmac%'
) x ORDER BY o;

\echo 'array form: siphash24(text[], key) over all rows in one call (a PL/pgSQL variable), against the scalar net cost'
SELECT round((a.ms * 1e6 / :n)::numeric, 1) AS array_ns_per_element,
       round(((s.ms - c.ms) * 1e6 / :n)::numeric, 1) AS scalar_net_ns_per_row
FROM best a, best s, best c
WHERE a.name = 'siphash24(text[], key)' AND s.name = 'sum(siphash24(e, key))' AND c.name = 'count(e)';
SQL
