/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cli_check.c — siphashsum -c's line parser on arbitrary bytes.
 *
 * parse_line() is static in tools/sum_check.c, so this file includes that
 * source whole and calls it the way sum_check_file() does (comment lines
 * skipped, terminator and a trailing CR removed, the buffer one byte longer
 * than the line, as the reader leaves it).  The parser is called directly
 * because the whole of sum_check_file() would go on to open and hash the
 * files the lines name (/dev/zero, stdin ...), which is the tool's job, not
 * the parser's.  Checked for every accepted line, besides "no crash, no
 * leak, no sanitizer report":
 *   - the name is non-empty, NUL-terminated inside the line buffer and
 *     holds no NUL;
 *   - the variant is one the tool offers, and -a / -l restrictions hold.
 * And the input, taken as a file name, survives escaping (hashing mode)
 * and unescaping (check mode) unchanged.
 *
 * Input: byte 0 = options (bit 0 -z, bit 1 -a given, bits 2-3 which
 * algorithm, bit 4 -l given, bit 5 which of its two lengths); the rest is
 * the check file, cut into lines at '\n' (or '\0' with -z).
 */
#include "sum_check.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_entry(const entry_t *e, const char *buf, size_t cap,
                        const sum_checkopt_t *co)
{
    bool known = false;
    for (size_t i = 0; i < sum_nalgos; i++)
        known |= e->v.algo == &sum_algos[i];
    if (!known || !sum_algo_has_length(e->v.algo, e->v.bits)) {
        fprintf(stderr, "fuzz_cli_check: accepted a variant the tool does not offer\n");
        abort();
    }
    if ((co->algo && e->v.algo != co->algo) || (co->bits && e->v.bits != co->bits)) {
        fprintf(stderr, "fuzz_cli_check: -a/-l restriction not applied\n");
        abort();
    }
    if (e->name < buf || e->name >= buf + cap) {
        fprintf(stderr, "fuzz_cli_check: name outside the line buffer\n");
        abort();
    }
    size_t room = (size_t)(buf + cap - e->name);
    const char *nul = memchr(e->name, '\0', room);
    if (!nul || nul == e->name) {
        fprintf(stderr, "fuzz_cli_check: name empty or not terminated in the buffer\n");
        abort();
    }
}

/* A name written by the hashing mode must come back unchanged through the
 * check mode's unescaping: escape the input (up to its first NUL, as a C
 * string name would be) and unescape it again. */
static void check_escape_roundtrip(const uint8_t *data, size_t size)
{
    char *name = malloc(size + 1);
    if (!name)
        abort();
    memcpy(name, data, size);
    name[size] = '\0';
    size_t len = strlen(name);
    char *esc = NULL;
    size_t esclen = 0;
    FILE *f = open_memstream(&esc, &esclen);
    if (!f)
        abort();
    sum_name_write_escaped(name, f);
    fclose(f);
    bool needs = sum_name_needs_escape(name);
    size_t back = esclen;
    if (!sum_name_unescape(esc, &back) || back != len || memcmp(esc, name, len) != 0 ||
        (!needs && esclen != len)) {
        fprintf(stderr, "fuzz_cli_check: name escaping does not round-trip\n");
        abort();
    }
    free(esc);
    free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    check_escape_roundtrip(data + 1, size - 1);
    /* The one-blank layout is decided once per run (as coreutils does):
     * each input is a run of its own. */
    check_layout = LAYOUT_UNKNOWN;
    sum_checkopt_t co;
    memset(&co, 0, sizeof co);
    bool zero = data[0] & 1;
    if (data[0] & 2)
        co.algo = &sum_algos[(data[0] >> 2) & 3];
    if (data[0] & 16) {
        const sum_algo_t *a = co.algo ? co.algo : &sum_algos[0];
        co.bits = a->bits[(data[0] >> 5) & 1];
    }
    /* FUZZ_VERBOSE=1 lists accepted lines (to see the seeds do parse). */
    static int verbose = -1;
    if (verbose < 0)
        verbose = getenv("FUZZ_VERBOSE") != NULL;
    const char term = zero ? '\0' : '\n';
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    while (p < end) {
        const char *nl = memchr(p, term, (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p); /* with terminator */
        /* As the line reader leaves it: the bytes read, then a NUL. */
        char *line = malloc(n + 1);
        if (!line)
            abort();
        memcpy(line, p, n);
        line[n] = '\0';
        p += n;

        size_t len = n;
        if (line[0] == '#') {
            free(line);
            continue;
        }
        if (line[len - 1] == term)
            len--;
        if (!zero && len && line[len - 1] == '\r')
            len--;
        if (len == 0) {
            free(line);
            continue;
        }
        entry_t e;
        if (parse_line(line, len, &co, zero, &e)) {
            check_entry(&e, line, n + 1, &co);
            if (verbose)
                printf("accepted: %s-%u name '%s'\n", e.v.algo->name, e.v.bits, e.name);
        }
        free(line);
    }
    return 0;
}
