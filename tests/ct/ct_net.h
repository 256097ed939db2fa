/* SPDX-License-Identifier: MIT */
/*
 * ct_net.h — the network consumers (siphash_net.h) under the constant-time
 * check; included by ct_test.c.  Keys, addresses, ports, sequence numbers
 * and cookies are all secret here: none of them may steer a branch or an
 * address inside the library.  Return values are public by design (a
 * caller must learn "accepted / rejected" and the MSS), so they are
 * declassified before the test looks at them.
 */
#ifndef SIPHASH_CT_NET_H
#define SIPHASH_CT_NET_H

static int pub_int(int x)
{
    PUBLIC(&x, sizeof x);
    return x;
}

static void net(void)
{
    siphash_key_t nkeys[2];
    uint8_t a4[2][4], a6[2][16];
    uint16_t ports[2];
    uint32_t seq, out, cookie;
    uint16_t mss_used;
    /* Real values first (a zero key would be refused), then secret. */
    nkeys[0] = key;
    PUBLIC(&nkeys[0], sizeof nkeys[0]);
    nkeys[1] = siphash_key_from_bytes(msg + 40);
    PUBLIC(&nkeys[1], sizeof nkeys[1]);
    nkeys[1].key[0] |= 1;
    memcpy(a4, msg, sizeof a4);
    memcpy(a6, msg + 8, sizeof a6);
    memcpy(ports, msg + 60, sizeof ports);
    memcpy(&seq, msg + 64, sizeof seq);
    SECRET(nkeys, sizeof nkeys);

    CHECK(pub_int(siphash_net_isn_v4(a4[0], a4[1], ports[0], ports[1], 123456789, &nkeys[0],
                                     &out)) == 0, "isn_v4");
    PUBLIC(&out, sizeof out);
    CHECK(pub_int(siphash_net_isn_v6(a6[0], a6[1], ports[0], ports[1], 123456789, &nkeys[0],
                                     &out)) == 0, "isn_v6");
    PUBLIC(&out, sizeof out);
    CHECK(pub_int(siphash_net_ts_off_v4(a4[0], a4[1], &nkeys[0], &out)) == 0, "ts_off_v4");
    PUBLIC(&out, sizeof out);
    CHECK(pub_int(siphash_net_ts_off_v6(a6[0], a6[1], &nkeys[0], &out)) == 0, "ts_off_v6");
    PUBLIC(&out, sizeof out);
    CHECK(pub_int(siphash_net_port_offset_v4(a4[0], a4[1], ports[1], 42, &nkeys[0], &out)) == 0,
          "port_offset_v4");
    PUBLIC(&out, sizeof out);
    CHECK(pub_int(siphash_net_port_offset_v6(a6[0], a6[1], ports[1], 42, &nkeys[0], &out)) == 0,
          "port_offset_v6");
    PUBLIC(&out, sizeof out);

    /* SYN cookies: make one, then check it (genuine, same minute and the
     * next), a tampered one and an expired one.  The MSS is public (it is
     * the client's option), the minute counter too. */
    for (int v6 = 0; v6 < 2; v6++) {
        const uint8_t *s = v6 ? a6[0] : a4[0], *d = v6 ? a6[1] : a4[1];
        int (*make)(const uint8_t *, const uint8_t *, uint16_t, uint16_t, uint32_t, uint16_t,
                    uint32_t, const siphash_key_t *, uint32_t *, uint16_t *) =
            v6 ? siphash_net_syncookie_v6 : siphash_net_syncookie_v4;
        int (*check)(const uint8_t *, const uint8_t *, uint16_t, uint16_t, uint32_t, uint32_t,
                     uint32_t, const siphash_key_t *) =
            v6 ? siphash_net_syncookie_check_v6 : siphash_net_syncookie_check_v4;
        CHECK(pub_int(make(s, d, ports[0], ports[1], seq, 1460, 1000, nkeys, &cookie,
                           &mss_used)) == 0, "syncookie make v%d", v6 ? 6 : 4);
        PUBLIC(&mss_used, sizeof mss_used);
        uint32_t bad = cookie ^ 0x100; /* still secret */
        int ok_now = pub_int(check(s, d, ports[0], ports[1], seq, cookie, 1000, nkeys));
        int ok_next = pub_int(check(s, d, ports[0], ports[1], seq, cookie, 1001, nkeys));
        int ok_old = pub_int(check(s, d, ports[0], ports[1], seq, cookie, 1002, nkeys));
        int ok_bad = pub_int(check(s, d, ports[0], ports[1], seq, bad, 1000, nkeys));
        CHECK(ok_now == mss_used && ok_next == mss_used, "cookie v%d not accepted", v6 ? 6 : 4);
        CHECK(ok_old == 0 && ok_bad == 0, "cookie v%d: expired/tampered accepted", v6 ? 6 : 4);
    }
}

#endif
