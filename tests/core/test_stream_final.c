/* SPDX-License-Identifier: MIT */
/*
 * test_stream_final.c — a streaming context is dead after final: update or
 * final on it aborts with a message, for SipHash and HalfSipHash, as bad
 * init parameters do.  Carrying on silently would return one constant for
 * every key and message (a forgeable MAC).  A copy taken before final is a
 * separate context and stays usable.  Both the header's inline path and
 * the exported functions are tried, for SipHash and HalfSipHash.
 */
#define _GNU_SOURCE 1
#include "check.h"

#include <siphash.h>

#include "aborts.h"

static const siphash_key_t key = {{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL}};
static const halfsiphash_key_t hkey = {{0x03020100u, 0x07060504u}};
static const uint8_t msg[3] = {1, 2, 3};

static void sip_finalised(siphash_ctx_t *c)
{
    uint8_t out[16];
    siphash_ctx_init(c, &key, 2, 4, 8);
    siphash_ctx_update(c, msg, sizeof msg);
    siphash_ctx_final(c, out);
}

static void half_finalised(halfsiphash_ctx_t *c)
{
    uint8_t out[8];
    halfsiphash_ctx_init(c, &hkey, 2, 4, 4);
    halfsiphash_ctx_update(c, msg, sizeof msg);
    halfsiphash_ctx_final(c, out);
}

static void sip_update_after_final(void)
{
    siphash_ctx_t c;
    sip_finalised(&c);
    siphash_ctx_update(&c, msg, sizeof msg);
}
static void sip_empty_update_after_final(void)
{
    siphash_ctx_t c;
    sip_finalised(&c);
    siphash_ctx_update(&c, msg, 0);
}
static void sip_final_twice(void)
{
    siphash_ctx_t c;
    uint8_t out[16];
    sip_finalised(&c);
    siphash_ctx_final(&c, out);
}
static void sip_zero_filled(void)
{
    siphash_ctx_t c;
    uint8_t out[16];
    memset(&c, 0, sizeof c);
    siphash_ctx_final(&c, out);
}
/* The same through both paths of the header: the inline one (a constant
 * piece size up to 8 in a function that finalised the context itself) and
 * the exported functions (called by parenthesised name). */
static void sip_inline_piece_after_final(void)
{
    siphash_ctx_t c;
    uint8_t out[8];
    siphash_ctx_init(&c, &key, 1, 3, 8);
    siphash_ctx_update(&c, msg, 2);
    siphash_ctx_final(&c, out);
    siphash_ctx_update(&c, msg, 1);
}
static void sip_inline_final_twice(void)
{
    siphash_ctx_t c;
    uint8_t out[16];
    siphash_ctx_init(&c, &key, 2, 4, 16);
    siphash_ctx_update(&c, msg, 3);
    siphash_ctx_final(&c, out);
    siphash_ctx_final(&c, out);
}
static void sip_exported_update_after_final(void)
{
    siphash_ctx_t c;
    sip_finalised(&c);
    (siphash_ctx_update)(&c, msg, 2);
}
static void sip_exported_final_twice(void)
{
    siphash_ctx_t c;
    uint8_t out[16];
    sip_finalised(&c);
    (siphash_ctx_final)(&c, out);
}
static void half_update_after_final(void)
{
    halfsiphash_ctx_t c;
    half_finalised(&c);
    halfsiphash_ctx_update(&c, msg, sizeof msg);
}
static void half_exported_update_after_final(void)
{
    halfsiphash_ctx_t c;
    half_finalised(&c);
    (halfsiphash_ctx_update)(&c, msg, 2);
}
static void half_final_twice(void)
{
    halfsiphash_ctx_t c;
    uint8_t out[8];
    half_finalised(&c);
    halfsiphash_ctx_final(&c, out);
}
static void half_zero_filled(void)
{
    halfsiphash_ctx_t c;
    memset(&c, 0, sizeof c);
    halfsiphash_ctx_update(&c, msg, sizeof msg);
}

/* The ordinary life of a context, and of a copy taken before final. */
static void lawful_use(void)
{
    siphash_ctx_t c, copy;
    uint8_t a[8], b[8];
    siphash_ctx_init(&c, &key, 2, 4, 8);
    siphash_ctx_update(&c, msg, sizeof msg);
    copy = c;
    siphash_ctx_final(&c, a);
    siphash_ctx_final(&copy, b);
    uint64_t want = siphash24_64(msg, sizeof msg, &key);
    for (int i = 0; i < 8; i++)
        if (a[i] != b[i] || a[i] != (uint8_t)(want >> (8 * i)))
            abort();
    halfsiphash_ctx_t h;
    uint8_t hout[4];
    halfsiphash_ctx_init(&h, &hkey, 2, 4, 4);
    halfsiphash_ctx_update(&h, msg, sizeof msg);
    halfsiphash_ctx_final(&h, hout);
    /* Re-initialising a finalised context makes it live again. */
    siphash_ctx_init(&c, &key, 2, 4, 8);
    siphash_ctx_update(&c, msg, sizeof msg);
    siphash_ctx_final(&c, a);
    if (memcmp(a, b, 8) != 0)
        abort();
}

int main(void)
{
    CHECK(aborts(sip_update_after_final), "siphash update after final accepted");
    CHECK(aborts(sip_empty_update_after_final), "siphash empty update after final accepted");
    CHECK(aborts(sip_final_twice), "siphash final twice accepted");
    CHECK(aborts(sip_zero_filled), "siphash final on a zero-filled context accepted");
    CHECK(aborts(sip_inline_piece_after_final), "siphash inline update after final accepted");
    CHECK(aborts(sip_inline_final_twice), "siphash inline final twice accepted");
    CHECK(aborts(sip_exported_update_after_final), "siphash exported update after final accepted");
    CHECK(aborts(sip_exported_final_twice), "siphash exported final twice accepted");
    CHECK(aborts(half_update_after_final), "halfsiphash update after final accepted");
    CHECK(aborts(half_exported_update_after_final), "halfsiphash exported update after final accepted");
    CHECK(aborts(half_final_twice), "halfsiphash final twice accepted");
    CHECK(aborts(half_zero_filled), "halfsiphash update on a zero-filled context accepted");
    CHECK(!aborts(lawful_use), "lawful use of contexts aborted");
    return check_finish("test_stream_final");
}
