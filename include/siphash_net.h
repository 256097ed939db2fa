/* SPDX-License-Identifier: MIT */
/*
 * siphash_net.h — the network consumers SipHash was brought into Linux for:
 * TCP initial sequence numbers (RFC 6528), TCP timestamp offsets, ephemeral
 * port selection (RFC 6056, algorithm 3) and SYN cookies.
 *
 * Each function mirrors Linux (net/core/secure_seq.c, net/ipv4/syncookies.c,
 * net/ipv6/syncookies.c), with two differences that make it usable in a
 * userspace stack:
 *   - no global state: the caller passes the keys (and keeps them secret);
 *   - no hidden clock: the caller passes the time (nanoseconds for ISNs, a
 *     minute counter for SYN cookies, a seed for port selection).
 * All functions are thread-safe and allocate nothing.
 *
 * Conventions
 * -----------
 * - Addresses are byte arrays in network order, exactly as they appear in
 *   the IP header or in struct in_addr / struct in6_addr (so pass
 *   (const uint8_t *)&sin.sin_addr, or the header bytes).
 * - Ports, sequence numbers, MSS values and times are host-order integers
 *   (so pass ntohs(th->source), ntohl(th->seq)).  The functions put ports
 *   into the hashed message in network order themselves.
 * - Every function hashes an explicit byte string (documented below), so it
 *   returns the same answer on every platform.  For ISNs, timestamp offsets
 *   and SYN cookies that byte string is the one Linux hashes on a
 *   little-endian machine, so with the same 16-byte key the 32-bit results
 *   equal Linux's.  The port offset appends a time seed Linux does not have
 *   (with seed 0 it is Linux's secure_ipv4_port_ephemeral message plus four
 *   zero bytes, so it differs).
 * - Return values: 0 on success; -EINVAL (from <errno.h>) for a NULL
 *   pointer, an all-zero key (never initialised, or generation failed — a
 *   zero key is public and protects nothing), or an MSS the SYN-cookie table
 *   cannot encode.  On error the output is left untouched.
 *
 * Keys: make each with siphash_key_generate() once (per boot, per network
 * namespace), use a different key for each purpose (ISN, timestamps, ports,
 * each of the two cookie keys), and wipe them with siphash_wipe().
 *
 * What each function replaces:
 *   MD5 of the 4-tuple (RFC 6528's example, Linux before 4.11) -> isn_*
 *   MD5 / jhash based timestamp offsets                         -> ts_off_*
 *   MD5 based port offsets (RFC 6056 alg. 3 with MD5)           -> port_offset_*
 *   SHA-1 SYN cookies (Linux before 4.13)                       -> syncookie_*
 */
#ifndef SIPHASH_NET_H
#define SIPHASH_NET_H

#include "siphash.h"

#include <errno.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Initial sequence numbers, RFC 6528: ISN = M + F(4-tuple, secret)
 * ------------------------------------------------------------------------
 * F is SipHash-2-4 of the 4-tuple truncated to 32 bits; M is the clock in
 * units of 64 ns (ns >> 6), as Linux does: fine enough for fast links, and
 * its 32-bit wrap (274 s) is longer than the 2-minute MSL.  For one 4-tuple
 * the ISN therefore grows with the clock; different 4-tuples get unrelated
 * offsets an off-path attacker cannot predict.
 *
 * laddr/lport are the local end, raddr/rport the remote end (for a SYN you
 * answer: laddr = its destination address, raddr = its source address).
 * ns is a nanosecond clock: Linux uses CLOCK_REALTIME; CLOCK_MONOTONIC is as
 * good as long as the key does not outlive the clock's continuity (make a
 * new key at boot).
 *
 * Hashed bytes (v4, 12): laddr[4] raddr[4] rport(be16) lport(be16)
 *   — Linux's siphash_3u32(saddr, daddr, sport << 16 | dport) on a
 *   little-endian machine.
 * Hashed bytes (v6, 36): laddr[16] raddr[16] lport(be16) rport(be16)
 *   — Linux's struct { in6_addr saddr, daddr; __be16 sport, dport; }.
 */
SIPHASH_API int siphash_net_isn_v4(const uint8_t laddr[4], const uint8_t raddr[4],
                                   uint16_t lport, uint16_t rport, uint64_t ns,
                                   const siphash_key_t *key, uint32_t *isn);
SIPHASH_API int siphash_net_isn_v6(const uint8_t laddr[16], const uint8_t raddr[16],
                                   uint16_t lport, uint16_t rport, uint64_t ns,
                                   const siphash_key_t *key, uint32_t *isn);

/* ------------------------------------------------------------------------
 * TCP timestamp offset (Linux's secure_tcp_ts_off)
 * ------------------------------------------------------------------------
 * A per-address-pair offset added to the TCP timestamp clock so that the
 * timestamps do not reveal the host's uptime and cannot be correlated
 * across peers.  Use a key different from the ISN key.
 * Hashed bytes: laddr raddr (8 bytes for v4, 32 for v6).
 */
SIPHASH_API int siphash_net_ts_off_v4(const uint8_t laddr[4], const uint8_t raddr[4],
                                      const siphash_key_t *key, uint32_t *off);
SIPHASH_API int siphash_net_ts_off_v6(const uint8_t laddr[16], const uint8_t raddr[16],
                                      const siphash_key_t *key, uint32_t *off);

/* ------------------------------------------------------------------------
 * Ephemeral port offset, RFC 6056 algorithm 3 ("simple hash-based")
 * ------------------------------------------------------------------------
 * offset = F(local addr, remote addr, remote port, secret, seed).  The caller
 * then searches, as RFC 6056 section 3.3.3 says:
 *
 *     uint32_t num = max_port - min_port + 1, next = <per-host counter>;
 *     for (uint32_t count = num; count > 0; count--) {
 *         uint16_t port = min_port + (next + offset) % num;
 *         next++;
 *         if (port_is_free(port)) return port;
 *     }
 *
 * seed is a periodic time seed (e.g. seconds / 300 from a monotonic clock):
 * changing it reshuffles every destination's port sequence, so an observer
 * cannot track the counter for long.  Pass 0 if you do not want it.
 * Hashed bytes: laddr raddr rport(be16) 00 00 seed(le32)
 * (16 bytes for v4, 40 for v6).
 */
SIPHASH_API int siphash_net_port_offset_v4(const uint8_t laddr[4], const uint8_t raddr[4],
                                           uint16_t rport, uint32_t seed,
                                           const siphash_key_t *key, uint32_t *offset);
SIPHASH_API int siphash_net_port_offset_v6(const uint8_t laddr[16], const uint8_t raddr[16],
                                           uint16_t rport, uint32_t seed,
                                           const siphash_key_t *key, uint32_t *offset);

/* ------------------------------------------------------------------------
 * SYN cookies (Linux net/ipv4/syncookies.c, net/ipv6/syncookies.c)
 * ------------------------------------------------------------------------
 * A listener under SYN flood keeps no state: it answers a SYN with
 *
 *   cookie = H(key0, tuple, 0) + seq + (minute << 24)
 *          + ((H(key1, tuple, minute) + mss_index) mod 2^24)
 *
 * where H is SipHash-2-4 truncated to 32 bits, seq the client's sequence
 * number and minute a counter that increases by one every 60 s.  The top
 * 8 bits carry the minute, the low 24 bits a keyed hash plus the index of
 * the MSS in a 4-entry table.  When the final ACK arrives, the check strips
 * H(key0, ...) + seq, reads the minute, accepts it if it is the current or
 * the previous minute (a cookie is valid for up to 2 minutes, as Linux's
 * MAX_SYNCOOKIE_AGE = 2), and recovers the MSS index from the 24-bit part.
 * A forged cookie passes with probability about 2^-24 per try (exactly
 * 4 * 2 / 2^32 for random 32-bit guesses).
 *
 * The tuple is that of the received SYN: saddr/sport = the client,
 * daddr/dport = the listener.
 * Hashed bytes, v4 (16): saddr[4] daddr[4] dport(be16) sport(be16) count(le32)
 *   — Linux's siphash_4u32(saddr, daddr, sport << 16 | dport, count) on a
 *   little-endian machine; count is 0 for key0 and the minute for key1.
 * Hashed bytes, v6 (40): saddr[16] daddr[16] count(le32) sport(be16) dport(be16)
 *   — Linux's struct { in6_addr saddr, daddr; u32 count; __be16 sport, dport; }.
 *
 * keys[0] and keys[1] are two independent secret keys (Linux's
 * syncookie_secret[2]); neither may be all zero.
 */

/* Number of MSS values a cookie can carry (2 bits). */
#define SIPHASH_NET_MSS_COUNT 4

/* Linux's tables: v4 {536, 1300, 1440, 1460}; v6 {1220, 1420, 1440, 8940}
 * (IPv6 minimum MTU, 1480, 1500 and 9000 minus 60 bytes of headers).
 * The MSS for an index, or 0 if index >= SIPHASH_NET_MSS_COUNT. */
SIPHASH_API uint16_t siphash_net_mss_v4(unsigned index);
SIPHASH_API uint16_t siphash_net_mss_v6(unsigned index);

/* Makes the cookie for a SYN carrying sequence number seq and MSS option
 * mss.  The MSS encoded is the largest table entry <= mss (as Linux picks
 * it); it is written to *mss_used (may be NULL) and the server must not send
 * larger segments.  mss below the smallest entry (536 for v4, 1220 for v6)
 * cannot be encoded without advertising more than the client accepts:
 * -EINVAL (Linux silently rounds it up; answer such SYNs another way).
 * minute: a counter that grows by one every 60 s (e.g. monotonic seconds /
 * 60), used in full: all 32 bits are hashed (with key1), as Linux hashes
 * tcp_cookie_time(); only the cookie's top byte is the counter's low 8 bits.
 * Keep it in a uint32_t and pass the same counter to the check, which
 * accepts it across the 2^32 wrap.  A counter kept in fewer bits breaks at
 * its own wrap: with an 8-bit counter, cookies made at 255 are refused at 0.
 * Returns 0 and writes *cookie (host order, the ISN to put in the SYN-ACK),
 * or -EINVAL. */
SIPHASH_API int siphash_net_syncookie_v4(const uint8_t saddr[4], const uint8_t daddr[4],
                                         uint16_t sport, uint16_t dport, uint32_t seq,
                                         uint16_t mss, uint32_t minute,
                                         const siphash_key_t keys[2], uint32_t *cookie,
                                         uint16_t *mss_used);
SIPHASH_API int siphash_net_syncookie_v6(const uint8_t saddr[16], const uint8_t daddr[16],
                                         uint16_t sport, uint16_t dport, uint32_t seq,
                                         uint16_t mss, uint32_t minute,
                                         const siphash_key_t keys[2], uint32_t *cookie,
                                         uint16_t *mss_used);

/* Checks the cookie carried by the ACK that completes the handshake.
 * Pass the values as they were when the cookie was made: cookie =
 * ntohl(th->ack_seq) - 1 and seq = ntohl(th->seq) - 1, the same 4-tuple
 * (saddr/sport = the client), and the current minute counter.
 * Returns the MSS encoded in the cookie (> 0) if the cookie passes: made
 * with these keys for this 4-tuple and sequence number, in this minute or
 * the previous one (a cookie from minute m passes at m and m + 1 and is
 * refused at m + 2 .. m + 255 and m - 1 for certain, the minute being
 * carried in its top byte).  Returns 0 otherwise, -EINVAL for bad
 * arguments (NULL address or zero key).
 * What the check detects and what it does not, exactly as in Linux:
 *   - a random 32-bit value passes with probability 2 * 4 / 2^32 = 2^-29;
 *     a genuine cookie presented for another 4-tuple, or checked with
 *     other keys, with at most 4 / 2^24;
 *   - the MSS index is added to the low bits, so from a genuine cookie
 *     carrying index i, cookie + d (1 <= d <= 3 - i) passes too, with the
 *     larger table entry i + d; so does the genuine cookie checked with
 *     seq - d (seq is added the same way).  Seeing a genuine cookie lets
 *     an on-path party raise the MSS the server will assume, nothing more;
 *     cookie + d beyond the table (i + d >= 4) is refused;
 *   - any other change to the cookie passes with probability at most
 *     4 / 2^24 (the 24-bit hash must match again). */
SIPHASH_API int siphash_net_syncookie_check_v4(const uint8_t saddr[4], const uint8_t daddr[4],
                                               uint16_t sport, uint16_t dport, uint32_t seq,
                                               uint32_t cookie, uint32_t minute,
                                               const siphash_key_t keys[2]);
SIPHASH_API int siphash_net_syncookie_check_v6(const uint8_t saddr[16], const uint8_t daddr[16],
                                               uint16_t sport, uint16_t dport, uint32_t seq,
                                               uint32_t cookie, uint32_t minute,
                                               const siphash_key_t keys[2]);

#ifdef __cplusplus
}
#endif

#endif /* SIPHASH_NET_H */
