-- SPDX-License-Identifier: MIT
-- Errors: SQLSTATE and message.  A key that is not 16 bytes is 22023
-- (invalid_parameter_value) naming the length it got; so is a siphash.key
-- that is not 32 hex digits, with a message that does not repeat the
-- value; the setting unset is 55000 (object_not_in_prerequisite_state).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS siphash;
RESET client_min_messages;
-- The setting is checked only once the module is loaded (before, a
-- siphash.* name is a placeholder), so load it first.
LOAD 'siphash';

CREATE FUNCTION sqlstate_of(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE q;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

SELECT q, sqlstate_of(q) FROM (VALUES
    ($q$SELECT siphash24('a', ''::bytea)$q$),
    ($q$SELECT siphash24('a', '\x000102030405060708090a0b0c0d0e'::bytea)$q$),
    ($q$SELECT siphash24('a', '\x000102030405060708090a0b0c0d0e0f10'::bytea)$q$),
    ($q$SELECT siphash24('a', '000102030405060708090a0b0c0d0e0f'::bytea)$q$),
    ($q$SELECT siphash24('\x00'::bytea, '\x00'::bytea)$q$),
    ($q$SELECT siphash13('a', '\x00'::bytea)$q$),
    ($q$SELECT siphash13('\x00'::bytea, '\x00'::bytea)$q$),
    ($q$SELECT siphash24_128('a', '\x00'::bytea)$q$),
    ($q$SELECT siphash24(ARRAY['a'], '\x00'::bytea)$q$),
    ($q$SELECT siphash24(ARRAY[]::bytea[], '\x00'::bytea)$q$),
    ($q$SELECT siphash24('a')$q$),
    ($q$SELECT siphash13('\x00'::bytea)$q$),
    ($q$SET siphash.key = 'abc'$q$),
    ($q$SET siphash.key = '000102030405060708090a0b0c0d0e0f00'$q$),
    ($q$SET siphash.key = '\x000102030405060708090a0b0c0d0e'$q$),
    ($q$SET siphash.key = '000102030405060708090a0b0c0d0e0g'$q$),
    ($q$SET siphash.key = ' 00102030405060708090a0b0c0d0e0f'$q$),
    ($q$SET siphash.other = '1'$q$)
) v(q);

-- The messages with their hints, once.
SELECT siphash24('a', '\x00'::bytea);
SELECT siphash24('a');
SET siphash.key = 'abc';

-- A failed SET leaves the setting as it was.
SET siphash.key = '000102030405060708090a0b0c0d0e0f';
SELECT sqlstate_of($q$SET siphash.key = 'abc'$q$);
SELECT siphash24('a') = siphash24('a', '\x000102030405060708090a0b0c0d0e0f'::bytea) AS key_kept;
-- Upper-case hex is the same key; empty unsets it.
SET siphash.key = '000102030405060708090A0B0C0D0E0F';
SELECT siphash24('a') = siphash24('a', '\x000102030405060708090a0b0c0d0e0f'::bytea) AS upper_case;
SET siphash.key = '';
SELECT sqlstate_of($q$SELECT siphash24('a')$q$);
RESET siphash.key;

DROP FUNCTION sqlstate_of(text);
