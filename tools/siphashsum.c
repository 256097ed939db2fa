/* SPDX-License-Identifier: MIT */
/*
 * siphashsum.c — main: options, hashing mode, exit status.
 *
 *   siphashsum [OPTION]... [FILE]...
 *
 * Works like sha256sum/b2sum, keyed: see siphashsum(1) (docs/siphashsum.1)
 * and sum.h for how the pieces fit.
 */
#define _GNU_SOURCE /* getopt_long */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum.h"

enum {
    OPT_TAG = 256,
    OPT_KEY,
    OPT_KEY_FILE,
    OPT_KEYGEN,
    OPT_FORCE,
    OPT_ALLOW_INSECURE,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_IGNORE_MISSING,
    OPT_HELP,
    OPT_VERSION,
};

static const struct option long_options[] = {
    {"algorithm", required_argument, NULL, 'a'},
    {"binary", no_argument, NULL, 'b'},
    {"text", no_argument, NULL, 't'},
    {"length", required_argument, NULL, 'l'},
    {"check", no_argument, NULL, 'c'},
    {"tag", no_argument, NULL, OPT_TAG},
    {"zero", no_argument, NULL, 'z'},
    {"key", required_argument, NULL, OPT_KEY},
    {"key-file", required_argument, NULL, OPT_KEY_FILE},
    {"keygen", no_argument, NULL, OPT_KEYGEN},
    {"force", no_argument, NULL, OPT_FORCE},
    {"allow-insecure-key-file", no_argument, NULL, OPT_ALLOW_INSECURE},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"status", no_argument, NULL, OPT_STATUS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"warn", no_argument, NULL, 'w'},
    {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static void usage(void)
{
    fputs("Usage: siphashsum [OPTION]... [FILE]...\n"
          "Print or check keyed SipHash / HalfSipHash checksums (MACs).\n"
          "With no FILE, or when FILE is -, read standard input.\n"
          "\n"
          "  -a, --algorithm=NAME   siphash-2-4 (default), siphash-1-3, siphash-1-2,\n"
          "                           halfsiphash-2-4, halfsiphash-1-3\n"
          "  -l, --length=BITS      output length: 64 (default) or 128 for SipHash\n"
          "                           (siphash-1-2: 64 only), 32 (default) or 64 for\n"
          "                           HalfSipHash\n"
          "      --tag              BSD-style lines: SipHash-2-4-64 (NAME) = HEX\n"
          "  -z, --zero             end each line with NUL, not newline, and do not\n"
          "                           escape file names (with -c: read NUL-ended lines)\n"
          "  -b, --binary           accepted for sha256sum compatibility: no effect\n"
          "  -t, --text               (input is always read as bytes, unchanged)\n"
          "  -c, --check            read checksum lines from the FILEs and verify them\n"
          "\n"
          "Keys (never needed on the command line; at most one per family, told apart\n"
          "by length: SipHash 16 bytes, HalfSipHash 8):\n"
          "      --key-file=FILE    read a key from FILE: 32 hex digits or 16 raw bytes\n"
          "                           (HalfSipHash: 16 hex digits or 8 raw bytes); give\n"
          "                           it twice for one key of each family; FILE - reads\n"
          "                           standard input, which then cannot be hashed\n"
          "      --key=HEX          key on the command line: UNSAFE (ps, shell history);\n"
          "                           for tests and examples only (also up to twice)\n"
          "                         without either, the SIPHASH_KEY environment variable\n"
          "                           (one key, or two separated by a comma)\n"
          "      --keygen           write a fresh random key to --key-file FILE (created\n"
          "                           with mode 0600) or to standard output\n"
          "      --force            let --keygen replace an existing regular key file\n"
          "                           (never a symlink, FIFO or device)\n"
          "      --allow-insecure-key-file\n"
          "                         use a key file other users can read or write, or\n"
          "                           that another user owns\n"
          "\n"
          "With --check:\n"
          "      --ignore-missing   don't fail or report status for missing files\n"
          "      --quiet            don't print OK for each successfully verified file\n"
          "      --status           don't output anything, status code shows success\n"
          "      --strict           exit non-zero for improperly formatted lines\n"
          "  -w, --warn             warn about improperly formatted lines\n"
          "\n"
          "      --help             display this help and exit\n"
          "      --version          output version information and exit\n"
          "\n"
          "Lines look like 'siphash-2-4-64:HEX  NAME': the tag names the variant, so a\n"
          "check never compares against the wrong one.  HEX is the reference output\n"
          "byte order.  Exit status: 0 success; 1 a file failed, did not match or had\n"
          "no key for its family, a check file could not be read, or output failed;\n"
          "2 bad usage or key (nothing hashed).  See siphashsum(1).\n",
          stdout);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("siphashsum: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'siphashsum --help' for more information.\n", stderr);
    return SUM_EXIT_USAGE;
}

/* "64" -> 64; anything but a plain decimal number without leading zeros
 * (as lines spell it) -> 0. */
static unsigned parse_bits(const char *s)
{
    unsigned v = 0;
    if (!*s || strlen(s) > 4 || *s == '0')
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        v = v * 10 + (unsigned)(*s - '0');
    }
    return v;
}

/* Hashes each file and prints its line.  Missing or unreadable files are
 * reported and skipped; the rest are still hashed. */
static int hash_files(char **files, int n, const sum_variant_t *v, const sum_key_t *key,
                      const sum_outopt_t *o)
{
    static char *stdin_only[] = {"-"};
    int status = SUM_EXIT_OK;
    if (n == 0) {
        files = stdin_only;
        n = 1;
    }
    for (int i = 0; i < n; i++) {
        uint8_t digest[SUM_MAX_OUT];
        int err = sum_hash_file(files[i], v, key, digest);
        if (err) {
            sum_error("%s: %s", sum_quote(files[i]), sum_strerror(err));
            status = SUM_EXIT_FAIL;
            /* The message flushed stdout: stop at a write error there too. */
            if (sum_stdout_failed())
                return SUM_EXIT_FAIL;
            continue;
        }
        sum_print_line(o, v, digest, files[i]);
        if (sum_stdout_failed())
            return SUM_EXIT_FAIL;
    }
    return status;
}

/* Copies of --key's arguments; wiped in main() whatever path run() takes. */
static char *key_args[2];

/* Everything the command line says. */
typedef struct {
    const char *algo_name, *length_arg;
    bool check, keygen, force, binary_or_text;
    const char *check_only; /* the last option valid only with -c, for messages */
    sum_keyopt_t keys;
    sum_outopt_t out;
    sum_checkopt_t co;
    sum_variant_t v; /* from -a / -l, or the defaults */
} options_t;

static void wipe_key_args(void)
{
    for (int i = 0; i < 2; i++) {
        if (key_args[i]) {
            siphash_wipe(key_args[i], strlen(key_args[i]));
            free(key_args[i]);
            key_args[i] = NULL;
        }
    }
}

/* The long option whose code is val (for messages). */
static const char *long_name(int val)
{
    for (const struct option *o = long_options; o->name; o++)
        if (o->val == val)
            return o->name;
    return "?";
}

/* If arg ("--xyz" or "--xyz=...") abbreviates several long options, which
 * getopt reports just like an unknown one, says so with the candidates and
 * returns true. */
static bool report_ambiguous(const char *arg)
{
    if (strncmp(arg, "--", 2) != 0)
        return false;
    const char *name = arg + 2;
    size_t n = strcspn(name, "=");
    int matches = 0;
    for (const struct option *o = long_options; o->name; o++)
        matches += strncmp(o->name, name, n) == 0;
    if (n == 0 || matches < 2)
        return false;
    fprintf(stderr, "siphashsum: option '%.*s' is ambiguous; possibilities:", (int)(n + 2), arg);
    for (const struct option *o = long_options; o->name; o++)
        if (strncmp(o->name, name, n) == 0)
            fprintf(stderr, " '--%s'", o->name);
    fputs("\nTry 'siphashsum --help' for more information.\n", stderr);
    return true;
}

/* Not an exit status: go on. */
enum { CONTINUE = -1 };

/* Fills op from the options; returns CONTINUE, or the exit status when
 * the options end the run (--help, --version, a usage error). */
static int parse_options(int argc, char **argv, options_t *op)
{
    int c;
    opterr = 0; /* our own messages: getopt's would start with argv[0] */
    while ((c = getopt_long(argc, argv, ":a:l:cbtzw", long_options, NULL)) != -1) {
        switch (c) {
        case 'a': op->algo_name = optarg; break;
        case 'l': op->length_arg = optarg; break;
        case 'c': op->check = true; break;
        case 'b':
        case 't': op->binary_or_text = true; break;
        case 'z': op->out.zero = true; break;
        case OPT_TAG: op->out.tag = true; break;
        case OPT_KEY: {
            /* Overwrite the argument so later ps(1) listings do not show it
             * (a race remains: that is why --key is documented unsafe).
             * The copy is wiped at exit. */
            size_t n = op->keys.nhex;
            if (n == 2)
                return usage_error("%s: given more than twice (one key per family)", "--key");
            key_args[n] = strdup(optarg);
            memset(optarg, 'x', strlen(optarg));
            if (!key_args[n]) {
                sum_error("--key: %s", strerror(ENOMEM));
                return SUM_EXIT_FAIL;
            }
            op->keys.hex[op->keys.nhex++] = key_args[n];
            break;
        }
        case OPT_KEY_FILE:
            if (op->keys.nfile == 2)
                return usage_error("%s: given more than twice (one key per family)",
                                   "--key-file");
            op->keys.file[op->keys.nfile++] = optarg;
            break;
        case OPT_KEYGEN: op->keygen = true; break;
        case OPT_FORCE: op->force = true; break;
        case OPT_ALLOW_INSECURE: op->keys.allow_insecure = true; break;
        case OPT_QUIET: op->co.quiet = true, op->check_only = "--quiet"; break;
        case OPT_STATUS: op->co.status = true, op->check_only = "--status"; break;
        case OPT_STRICT: op->co.strict = true, op->check_only = "--strict"; break;
        case 'w': op->co.warn = true, op->check_only = "--warn"; break;
        case OPT_IGNORE_MISSING:
            op->co.ignore_missing = true, op->check_only = "--ignore-missing";
            break;
        case OPT_HELP: usage(); return sum_stdout_close() ? SUM_EXIT_OK : SUM_EXIT_FAIL;
        case OPT_VERSION:
            printf("siphashsum (libsiphash) %s\n", siphash_version());
            return sum_stdout_close() ? SUM_EXIT_OK : SUM_EXIT_FAIL;
        case ':': {
            /* For a long option optopt holds its code, not a character. */
            const char *given = argv[optind - 1];
            char shortopt[3] = {'-', (char)optopt, '\0'};
            return usage_error("option '%s' requires an argument",
                               strncmp(given, "--", 2) == 0 ? given : shortopt);
        }
        default: {
            /* getopt reports a long option given an argument it does not
             * take (--tag=1) with optopt = that option's code: one of our
             * codes above 255, or a letter we accept as a short option. */
            char letter[2] = {(char)optopt, '\0'};
            if (optopt >= OPT_TAG || (optopt > 0 && strchr("cbtzw", optopt)))
                return usage_error("option '--%s' doesn't allow an argument",
                                   long_name(optopt));
            if (optopt)
                return usage_error("invalid option -- '%s'", letter);
            if (report_ambiguous(argv[optind - 1]))
                return SUM_EXIT_USAGE;
            return usage_error("unrecognized option '%s'", argv[optind - 1]);
        }
        }
    }
    return CONTINUE;
}

/* Resolves -a / -l into op->v and refuses combinations that make no sense,
 * before anything is read.  Returns CONTINUE or an exit status. */
static int validate(options_t *op)
{
    const sum_algo_t *algo = &sum_algos[0];
    if (op->algo_name && !(algo = sum_algo_find(op->algo_name)))
        return usage_error("--algorithm '%s': unknown algorithm (choose siphash-2-4, "
                           "siphash-1-3, siphash-1-2, halfsiphash-2-4 or halfsiphash-1-3)",
                           op->algo_name);
    op->v.algo = algo;
    op->v.bits = algo->bits[0];
    if (op->length_arg) {
        unsigned bits = parse_bits(op->length_arg);
        if (op->check && !op->algo_name) {
            /* With -c and no -a, -l selects lines of any algorithm: any
             * length some algorithm offers will do. */
            if (bits != 32 && bits != 64 && bits != 128)
                return usage_error("--length '%s': no algorithm offers it (SipHash: 64 or "
                                   "128 bits, HalfSipHash: 32 or 64)", op->length_arg);
        } else if (!sum_algo_has_length(algo, bits)) {
            char offers[40];
            if (algo->bits[0] == algo->bits[1])
                snprintf(offers, sizeof offers, "only %u", algo->bits[0]);
            else
                snprintf(offers, sizeof offers, "%u or %u", algo->bits[0], algo->bits[1]);
            fprintf(stderr, "siphashsum: --length '%s': %s offers %s bits\n"
                    "Try 'siphashsum --help' for more information.\n",
                    op->length_arg, algo->tag, offers);
            return SUM_EXIT_USAGE;
        }
        op->v.bits = bits;
    }
    if (op->check_only && !op->check)
        return usage_error("the %s option is meaningful only when verifying checksums",
                           op->check_only);
    if (op->check && op->out.tag)
        return usage_error("the %s option is meaningless when verifying checksums", "--tag");
    if (op->check && op->binary_or_text)
        return usage_error("the %s options are meaningless when verifying checksums",
                           "--binary and --text");
    if (op->check && op->keygen)
        return usage_error("%s: cannot be combined with --check", "--keygen");
    if (op->force && !op->keygen)
        return usage_error("the %s option is meaningful only with --keygen", "--force");
    if (op->keygen && op->keys.nhex)
        return usage_error("%s: cannot be combined with --keygen", "--key");
    if (op->keygen && op->keys.nfile > 1)
        return usage_error("%s: --keygen writes one key file", "--key-file");
    if (op->keygen && op->keys.nfile && strcmp(op->keys.file[0], "-") == 0)
        return usage_error("%s: --keygen writes to standard output without --key-file",
                           "--key-file -");
    return CONTINUE;
}

/* True if "-" (standard input) is among the n files, or they are none. */
static bool names_stdin(char **files, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(files[i], "-") == 0)
            return true;
    return n == 0;
}

/* -c: every check file named (stdin if none); the worst status wins. */
static int check_files(char **files, int n, options_t *op, const sum_keysrc_t *keys)
{
    op->co.algo = op->algo_name ? op->v.algo : NULL;
    op->co.bits = op->length_arg ? op->v.bits : 0;
    if (n == 0)
        return sum_check_file("-", &op->co, &op->out, keys);
    int status = SUM_EXIT_OK;
    for (int i = 0; i < n; i++) {
        int s = sum_check_file(files[i], &op->co, &op->out, keys);
        if (s > status)
            status = s;
        if (sum_stdout_failed())
            break;
    }
    return status;
}

static int run(int argc, char **argv)
{
    options_t op;
    memset(&op, 0, sizeof op);
    int status = parse_options(argc, argv, &op);
    if (status == CONTINUE)
        status = validate(&op);
    if (status != CONTINUE)
        return status;

    char **files = argv + optind;
    int nfiles = argc - optind;
    if (op.keygen) {
        if (nfiles > 0)
            return usage_error("--keygen takes no FILE operands (extra operand '%s'); "
                               "use --key-file FILE", sum_quote(files[0]));
        return sum_keygen(op.v.algo, op.keys.nfile ? op.keys.file[0] : NULL, op.force);
    }

    /* Every key is read and judged before anything else, in both modes. */
    sum_keysrc_t keys;
    if (!sum_keysrc_init(&keys, &op.keys, op.v.algo))
        return SUM_EXIT_USAGE;
    if (!op.check && !sum_keysrc_get(&keys, op.v.algo)) {
        sum_error("%s", keys.why[op.v.algo->half]);
        status = SUM_EXIT_USAGE;
    } else if (op.check && keys.given == 0) {
        sum_error("%s", keys.why[0]);
        status = SUM_EXIT_USAGE;
    } else if (sum_stdin_is_key && names_stdin(files, nfiles)) {
        status = usage_error("standard input holds the key (--key-file -): name the %s to "
                             "read instead of '-'", op.check ? "check files" : "files");
    } else if (op.check) {
        status = check_files(files, nfiles, &op, &keys);
    } else {
        status = hash_files(files, nfiles, &op.v, sum_keysrc_get(&keys, op.v.algo), &op.out);
    }
    sum_keysrc_wipe(&keys);
    if (status != SUM_EXIT_USAGE && !sum_stdout_close() && status == SUM_EXIT_OK)
        status = SUM_EXIT_FAIL;
    return status;
}

int main(int argc, char **argv)
{
    if (!sum_platform_init(&argc, &argv))
        return SUM_EXIT_USAGE;
    int status = run(argc, argv);
    wipe_key_args();
    return status;
}
