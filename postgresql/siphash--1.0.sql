-- SPDX-License-Identifier: MIT
-- siphash 1.0: keyed SipHash from libsiphash.  bigint results are the
-- library's uint64_t with the same 64 bits (two's complement); text is
-- hashed as its bytes in the database encoding.

\echo Use "CREATE EXTENSION siphash" to load this file. \quit

-- A key argument: the result depends on the arguments only.
CREATE FUNCTION siphash24(data bytea, key bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash24'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash24(data text, key bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash24'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash13(data bytea, key bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash13'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash13(data text, key bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash13'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash24_128(data bytea, key bytea) RETURNS bytea
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_128'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash24_128(data text, key bytea) RETURNS bytea
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_128'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- Arrays: one batch call, NULL elements give NULL, the shape is kept.
CREATE FUNCTION siphash24(data text[], key bytea) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_array'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION siphash24(data bytea[], key bytea) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_array'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- The key of the siphash.key setting: STABLE, as the setting may change
-- between statements.  Parallel workers receive the leader's settings.
CREATE FUNCTION siphash24(data bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_setting'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION siphash24(data text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash24_setting'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION siphash13(data bytea) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash13_setting'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION siphash13(data text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'pgsip_siphash13_setting'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

-- 16 bytes from PostgreSQL's strong random source.
CREATE FUNCTION siphash_generate_key() RETURNS bytea
    AS 'MODULE_PATHNAME', 'pgsip_generate_key'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
