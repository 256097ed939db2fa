/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/api.h — the contracts of the library's exported functions:
 * what a caller must give (readable message bytes, a key, room for the
 * output) and what the function may write.  They sit on repeated
 * declarations so the public headers stay free of ACSL; Frama-C merges
 * them with the definitions in src/, written from the
 * header's comments; -wp-rte proves every function free of undefined
 * behaviour under these preconditions.  The six streaming names are
 * also macros in siphash.h: in parentheses here, as in stream.c.
 */
#ifndef SIPHASH_PROOF_API_H
#define SIPHASH_PROOF_API_H

#include "siphash.h"
#include "siphash_net.h"

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == siphash_spec((uint8_t *)data, len, 2, 4,
                                                  key->key[0], key->key[1]);) */
uint64_t siphash24_64(const void *data, size_t len, const siphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == siphash_spec((uint8_t *)data, len, 1, 3,
                                                  key->key[0], key->key[1]);) */
uint64_t siphash13_64(const void *data, size_t len, const siphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == siphash_spec((uint8_t *)data, len, 1, 2,
                                                  key->key[0], key->key[1]);) */
uint64_t siphash12_64(const void *data, size_t len, const siphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_NOCASE(ensures nocase: \forall uint8_t *q; sip_folded(q, (uint8_t *)data, len) ==>
                 \result == siphash_spec(q, len, 1, 2, key->key[0], key->key[1]);) */
uint64_t siphash12_nocase_64(const void *data, size_t len, const siphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    requires \valid(out + (0 .. 15));
    requires \separated(out + (0 .. 15), key);
    assigns out[0 .. 15];
    SIP_FUNC(ensures func: le_stored(out, siphash128_lo_spec{Pre}((uint8_t *)data, len, 2, 4,
                                                                  key->key[0], key->key[1]));)
    SIP_FUNC(ensures func: le_stored(out + 8, siphash128_hi_spec{Pre}((uint8_t *)data, len, 2, 4,
                                                                      key->key[0], key->key[1]));) */
void siphash24_128(const void *data, size_t len, const siphash_key_t *key, uint8_t out[16]);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    requires \valid(out + (0 .. 15));
    requires \separated(out + (0 .. 15), key);
    assigns out[0 .. 15];
    SIP_FUNC(ensures func: le_stored(out, siphash128_lo_spec{Pre}((uint8_t *)data, len, 1, 3,
                                                                  key->key[0], key->key[1]));)
    SIP_FUNC(ensures func: le_stored(out + 8, siphash128_hi_spec{Pre}((uint8_t *)data, len, 1, 3,
                                                                      key->key[0], key->key[1]));) */
void siphash13_128(const void *data, size_t len, const siphash_key_t *key, uint8_t out[16]);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash32_spec((uint8_t *)data, len, 2, 4,
                                                          key->key[0], key->key[1]);) */
uint32_t halfsiphash24_32(const void *data, size_t len, const halfsiphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash64_spec((uint8_t *)data, len, 2, 4,
                                                          key->key[0], key->key[1]);) */
uint64_t halfsiphash24_64(const void *data, size_t len, const halfsiphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash32_spec((uint8_t *)data, len, 1, 3,
                                                          key->key[0], key->key[1]);) */
uint32_t halfsiphash13_32(const void *data, size_t len, const halfsiphash_key_t *key);

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == halfsiphash64_spec((uint8_t *)data, len, 1, 3,
                                                          key->key[0], key->key[1]);) */
uint64_t halfsiphash13_64(const void *data, size_t len, const halfsiphash_key_t *key);

/* What the fixed-size functions and hsiphash_generic compute, on the
 * len bytes at m: SipHash-2-4 for siphash_*; for hsiphash_*, SipHash-1-3's
 * low 32 bits where unsigned long has 64 bits, HalfSipHash-1-3 where it
 * has 32 (as Linux). */
#define SIP_SIPHASH24_(m, len) siphash_spec(m, len, 2, 4, key->key[0], key->key[1])
#if ULONG_MAX > 0xffffffffUL
#define SIP_HSIPHASH_(m, len) (uint32_t)siphash_spec(m, len, 1, 3, key->key[0], key->key[1])
#else
#define SIP_HSIPHASH_(m, len) halfsiphash32_spec(m, len, 1, 3, key->key[0], key->key[1])
#endif

/*@ requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \result == SIP_HSIPHASH_((uint8_t *)data, len);) */
uint32_t hsiphash_generic(const void *data, size_t len, const hsiphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u64s(m, 1, a, 0, 0, 0) ==>
                             \result == SIP_SIPHASH24_(m, 8);) */
uint64_t siphash_1u64(uint64_t a, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u64s(m, 2, a, b, 0, 0) ==>
                             \result == SIP_SIPHASH24_(m, 16);) */
uint64_t siphash_2u64(uint64_t a, uint64_t b, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u64s(m, 3, a, b, c, 0) ==>
                             \result == SIP_SIPHASH24_(m, 24);) */
uint64_t siphash_3u64(uint64_t a, uint64_t b, uint64_t c, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u64s(m, 4, a, b, c, d) ==>
                             \result == SIP_SIPHASH24_(m, 32);) */
uint64_t siphash_4u64(uint64_t a, uint64_t b, uint64_t c, uint64_t d, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 1, a, 0, 0, 0) ==>
                             \result == SIP_SIPHASH24_(m, 4);) */
uint64_t siphash_1u32(uint32_t a, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 2, a, b, 0, 0) ==>
                             \result == SIP_SIPHASH24_(m, 8);) */
uint64_t siphash_2u32(uint32_t a, uint32_t b, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 3, a, b, c, 0) ==>
                             \result == SIP_SIPHASH24_(m, 12);) */
uint64_t siphash_3u32(uint32_t a, uint32_t b, uint32_t c, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 4, a, b, c, d) ==>
                             \result == SIP_SIPHASH24_(m, 16);) */
uint64_t siphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d, const siphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 1, a, 0, 0, 0) ==>
                             \result == SIP_HSIPHASH_(m, 4);) */
uint32_t hsiphash_1u32(uint32_t a, const hsiphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 2, a, b, 0, 0) ==>
                             \result == SIP_HSIPHASH_(m, 8);) */
uint32_t hsiphash_2u32(uint32_t a, uint32_t b, const hsiphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 3, a, b, c, 0) ==>
                             \result == SIP_HSIPHASH_(m, 12);) */
uint32_t hsiphash_3u32(uint32_t a, uint32_t b, uint32_t c, const hsiphash_key_t *key);

/*@ requires \valid_read(key);
    assigns \nothing;
    SIP_FUNC(ensures func: \forall uint8_t *m; le_u32s(m, 4, a, b, c, d) ==>
                             \result == SIP_HSIPHASH_(m, 16);) */
uint32_t hsiphash_4u32(uint32_t a, uint32_t b, uint32_t c, uint32_t d, const hsiphash_key_t *key);

/*@ assigns \nothing; */
const char *siphash_version(void);

/*@ requires \valid(ctx) && \valid_read(key) && \separated(ctx, key);
    assigns *ctx;
    ensures ctx->ntail == 0; */
void (siphash_ctx_init)(siphash_ctx_t *ctx, const siphash_key_t *key, unsigned c_rounds, unsigned d_rounds, size_t outlen);

/*@ requires \valid(ctx) && ctx->ntail <= 7;
    requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \separated(ctx, (const uint8_t *)data + (0 .. len - 1));
    assigns *ctx;
    ensures ctx->ntail <= 7; */
void (siphash_ctx_update)(siphash_ctx_t *ctx, const void *data, size_t len);

/*@ requires \valid(ctx) && ctx->ntail <= 7;
    requires \valid(out + (0 .. (ctx->outlen == 16 ? 16 : 8) - 1));
    requires \separated(ctx, out + (0 .. 15));
    assigns *ctx, out[0 .. 15]; */
void (siphash_ctx_final)(siphash_ctx_t *ctx, uint8_t *out);

/*@ requires \valid(ctx) && \valid_read(key) && \separated(ctx, key);
    assigns *ctx;
    ensures ctx->ntail == 0; */
void (halfsiphash_ctx_init)(halfsiphash_ctx_t *ctx, const halfsiphash_key_t *key, unsigned c_rounds, unsigned d_rounds, size_t outlen);

/*@ requires \valid(ctx) && ctx->ntail <= 3;
    requires \valid_read((const uint8_t *)data + (0 .. len - 1));
    requires \separated(ctx, (const uint8_t *)data + (0 .. len - 1));
    assigns *ctx;
    ensures ctx->ntail <= 3; */
void (halfsiphash_ctx_update)(halfsiphash_ctx_t *ctx, const void *data, size_t len);

/*@ requires \valid(ctx) && ctx->ntail <= 3;
    requires \valid(out + (0 .. (ctx->outlen == 8 ? 8 : 4) - 1));
    requires \separated(ctx, out + (0 .. 7));
    assigns *ctx, out[0 .. 7]; */
void (halfsiphash_ctx_final)(halfsiphash_ctx_t *ctx, uint8_t *out);

/* wipe_valid: WP's typed model cannot show it where a struct is wiped as
 * bytes (stream.c's final); prove.sh leaves it to EVA there. */
/*@ requires wipe_valid: \valid((uint8_t *)p + (0 .. len - 1));
    assigns ((uint8_t *)p)[0 .. len - 1]; */
void siphash_wipe(void *p, size_t len);

/*@ requires \valid((uint8_t *)buf + (0 .. len - 1));
    assigns ((uint8_t *)buf)[0 .. len - 1], __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1]; */
int siphash_random_bytes(void *buf, size_t len);

/*@ requires \valid(key);
    assigns *key, __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1]; */
int siphash_key_generate(siphash_key_t *key);

/*@ requires \valid(key);
    assigns *key, __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1]; */
int hsiphash_key_generate(hsiphash_key_t *key);

/*@ requires \valid(key);
    assigns *key, __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1]; */
int halfsiphash_key_generate(halfsiphash_key_t *key);

/*@ requires \valid_read(bytes + (0 .. 15));
    assigns \nothing; */
siphash_key_t siphash_key_from_bytes(const uint8_t bytes[16]);

/*@ requires \valid_read(bytes + (0 .. 7));
    assigns \nothing; */
halfsiphash_key_t halfsiphash_key_from_bytes(const uint8_t bytes[8]);

/*@ requires \valid_read(key) && \valid(bytes + (0 .. 15));
    assigns bytes[0 .. 15]; */
void siphash_key_to_bytes(const siphash_key_t *key, uint8_t bytes[16]);

/*@ requires \valid_read(key);
    assigns \nothing; */
bool siphash_key_is_zero(const siphash_key_t *key);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 3));
    requires raddr == \null || \valid_read(raddr + (0 .. 3));
    requires key == \null || \valid_read(key);
    requires isn_out == \null || \valid(isn_out + (0 .. 0));
    assigns *isn_out; */
int siphash_net_isn_v4(const uint8_t laddr[4], const uint8_t raddr[4], uint16_t lport, uint16_t rport, uint64_t ns, const siphash_key_t *key, uint32_t *isn_out);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 3));
    requires raddr == \null || \valid_read(raddr + (0 .. 3));
    requires key == \null || \valid_read(key);
    requires off == \null || \valid(off + (0 .. 0));
    assigns *off; */
int siphash_net_ts_off_v4(const uint8_t laddr[4], const uint8_t raddr[4], const siphash_key_t *key, uint32_t *off);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 3));
    requires raddr == \null || \valid_read(raddr + (0 .. 3));
    requires key == \null || \valid_read(key);
    requires offset == \null || \valid(offset + (0 .. 0));
    assigns *offset; */
int siphash_net_port_offset_v4(const uint8_t laddr[4], const uint8_t raddr[4], uint16_t rport, uint32_t seed, const siphash_key_t *key, uint32_t *offset);

/*@ assigns \nothing; */
uint16_t siphash_net_mss_v4(unsigned index);

/*@ requires saddr == \null || \valid_read(saddr + (0 .. 3));
    requires daddr == \null || \valid_read(daddr + (0 .. 3));
    requires keys == \null || \valid_read(keys + (0 .. 1));
    requires cookie == \null || \valid(cookie + (0 .. 0));
    requires mss_used == \null || \valid(mss_used + (0 .. 0));
    assigns *cookie, *mss_used; */
int siphash_net_syncookie_v4(const uint8_t saddr[4], const uint8_t daddr[4], uint16_t sport, uint16_t dport, uint32_t seq, uint16_t mss, uint32_t minute, const siphash_key_t keys[2], uint32_t *cookie, uint16_t *mss_used);

/*@ requires saddr == \null || \valid_read(saddr + (0 .. 3));
    requires daddr == \null || \valid_read(daddr + (0 .. 3));
    requires keys == \null || \valid_read(keys + (0 .. 1));
    assigns \nothing; */
int siphash_net_syncookie_check_v4(const uint8_t saddr[4], const uint8_t daddr[4], uint16_t sport, uint16_t dport, uint32_t seq, uint32_t cookie, uint32_t minute, const siphash_key_t keys[2]);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 15));
    requires raddr == \null || \valid_read(raddr + (0 .. 15));
    requires key == \null || \valid_read(key);
    requires isn_out == \null || \valid(isn_out + (0 .. 0));
    assigns *isn_out; */
int siphash_net_isn_v6(const uint8_t laddr[16], const uint8_t raddr[16], uint16_t lport, uint16_t rport, uint64_t ns, const siphash_key_t *key, uint32_t *isn_out);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 15));
    requires raddr == \null || \valid_read(raddr + (0 .. 15));
    requires key == \null || \valid_read(key);
    requires off == \null || \valid(off + (0 .. 0));
    assigns *off; */
int siphash_net_ts_off_v6(const uint8_t laddr[16], const uint8_t raddr[16], const siphash_key_t *key, uint32_t *off);

/*@ requires laddr == \null || \valid_read(laddr + (0 .. 15));
    requires raddr == \null || \valid_read(raddr + (0 .. 15));
    requires key == \null || \valid_read(key);
    requires offset == \null || \valid(offset + (0 .. 0));
    assigns *offset; */
int siphash_net_port_offset_v6(const uint8_t laddr[16], const uint8_t raddr[16], uint16_t rport, uint32_t seed, const siphash_key_t *key, uint32_t *offset);

/*@ assigns \nothing; */
uint16_t siphash_net_mss_v6(unsigned index);

/*@ requires saddr == \null || \valid_read(saddr + (0 .. 15));
    requires daddr == \null || \valid_read(daddr + (0 .. 15));
    requires keys == \null || \valid_read(keys + (0 .. 1));
    requires cookie == \null || \valid(cookie + (0 .. 0));
    requires mss_used == \null || \valid(mss_used + (0 .. 0));
    assigns *cookie, *mss_used; */
int siphash_net_syncookie_v6(const uint8_t saddr[16], const uint8_t daddr[16], uint16_t sport, uint16_t dport, uint32_t seq, uint16_t mss, uint32_t minute, const siphash_key_t keys[2], uint32_t *cookie, uint16_t *mss_used);

/*@ requires saddr == \null || \valid_read(saddr + (0 .. 15));
    requires daddr == \null || \valid_read(daddr + (0 .. 15));
    requires keys == \null || \valid_read(keys + (0 .. 1));
    assigns \nothing; */
int siphash_net_syncookie_check_v6(const uint8_t saddr[16], const uint8_t daddr[16], uint16_t sport, uint16_t dport, uint32_t seq, uint32_t cookie, uint32_t minute, const siphash_key_t keys[2]);

#endif
