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
          "  -a, --algorithm=NAME   siphash-2-4 (default), siphash-1-3,\n"
          "                           halfsiphash-2-4, halfsiphash-1-3\n"
          "  -l, --length=BITS      output length: 64 (default) or 128 for SipHash,\n"
          "                           32 (default) or 64 for HalfSipHash\n"
          "      --tag              BSD-style lines: SipHash-2-4-64 (NAME) = HEX\n"
          "  -z, --zero             end each line with NUL, not newline, and do not\n"
          "                           escape file names (with -c: read NUL-ended lines)\n"
          "  -c, --check            read checksum lines from the FILEs and verify them\n"
          "\n"
          "Keys (never needed on the command line):\n"
          "      --key-file=FILE    read the key from FILE: 32 hex digits or 16 raw bytes\n"
          "                           (HalfSipHash: 16 hex digits or 8 raw bytes)\n"
          "      --key=HEX          key on the command line: UNSAFE (ps, shell history);\n"
          "                           for tests and examples only\n"
          "                         without either, the SIPHASH_KEY environment variable\n"
          "      --keygen           write a fresh random key to --key-file FILE (created\n"
          "                           with mode 0600) or to standard output\n"
          "      --force            let --keygen replace an existing key file\n"
          "      --allow-insecure-key-file\n"
          "                         use a key file other users can read or write\n"
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
          "byte order.  Exit status: 0 success, 1 a file failed or did not match,\n"
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

/* "64" -> 64; anything but a plain decimal number -> 0. */
static unsigned parse_bits(const char *s)
{
    unsigned v = 0;
    if (!*s || strlen(s) > 4)
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
            sum_error("%s: %s", files[i], strerror(err));
            status = SUM_EXIT_FAIL;
            continue;
        }
        sum_print_line(o, v, digest, files[i]);
        if (sum_stdout_failed())
            return SUM_EXIT_FAIL;
    }
    return status;
}

/* A copy of --key's argument; wiped in main() whatever path run() takes. */
static char *key_arg;

/* Everything the command line says. */
typedef struct {
    const char *algo_name, *length_arg, *key_file;
    bool check, keygen, force, allow_insecure;
    const char *check_only; /* the last option valid only with -c, for messages */
    sum_outopt_t out;
    sum_checkopt_t co;
    sum_variant_t v; /* from -a / -l, or the defaults */
} options_t;

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
    while ((c = getopt_long(argc, argv, ":a:l:czw", long_options, NULL)) != -1) {
        switch (c) {
        case 'a': op->algo_name = optarg; break;
        case 'l': op->length_arg = optarg; break;
        case 'c': op->check = true; break;
        case 'z': op->out.zero = true; break;
        case OPT_TAG: op->out.tag = true; break;
        case OPT_KEY:
            /* Overwrite the argument so later ps(1) listings do not show it
             * (a race remains: that is why --key is documented unsafe).
             * The copy is wiped at exit. */
            if (key_arg) {
                siphash_wipe(key_arg, strlen(key_arg));
                free(key_arg);
            }
            key_arg = strdup(optarg);
            if (!key_arg) {
                sum_error("--key: %s", strerror(ENOMEM));
                return SUM_EXIT_FAIL;
            }
            memset(optarg, 'x', strlen(optarg));
            break;
        case OPT_KEY_FILE: op->key_file = optarg; break;
        case OPT_KEYGEN: op->keygen = true; break;
        case OPT_FORCE: op->force = true; break;
        case OPT_ALLOW_INSECURE: op->allow_insecure = true; break;
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
        default:
            if (optopt) {
                char shortopt[2] = {(char)optopt, '\0'};
                return usage_error("invalid option -- '%s'", shortopt);
            }
            if (report_ambiguous(argv[optind - 1]))
                return SUM_EXIT_USAGE;
            return usage_error("unrecognized option '%s'", argv[optind - 1]);
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
                           "siphash-1-3, halfsiphash-2-4 or halfsiphash-1-3)", op->algo_name);
    op->v.algo = algo;
    op->v.bits = algo->bits[0];
    if (op->length_arg) {
        unsigned bits = parse_bits(op->length_arg);
        /* With -c and no -a, -l selects lines of any algorithm: any length
         * some algorithm offers will do. */
        bool any = op->check && !op->algo_name && (bits == 32 || bits == 64 || bits == 128);
        if (!any && !sum_algo_has_length(algo, bits)) {
            fprintf(stderr, "siphashsum: --length '%s': %s offers %u or %u bits\n"
                    "Try 'siphashsum --help' for more information.\n",
                    op->length_arg, algo->tag, algo->bits[0], algo->bits[1]);
            return SUM_EXIT_USAGE;
        }
        op->v.bits = bits;
    }
    if (op->check_only && !op->check)
        return usage_error("the %s option is meaningful only when verifying checksums",
                           op->check_only);
    if (op->check && op->out.tag)
        return usage_error("the %s option is meaningless when verifying checksums", "--tag");
    if (op->check && op->keygen)
        return usage_error("%s: cannot be combined with --check", "--keygen");
    if (op->force && !op->keygen)
        return usage_error("the %s option is meaningful only with --keygen", "--force");
    if (op->keygen && key_arg)
        return usage_error("%s: cannot be combined with --keygen", "--key");
    return CONTINUE;
}

/* -c: every check file named (stdin if none); the worst status wins. */
static int check_files(char **files, int n, options_t *op, sum_keysrc_t *keys)
{
    op->co.algo = op->algo_name ? op->v.algo : NULL;
    op->co.bits = op->length_arg ? op->v.bits : 0;
    /* Refuse before any output when there is no key at all. */
    if (keys->kind == SUM_KEYSRC_NONE) {
        (void)sum_keysrc_get(keys, op->v.algo);
        return SUM_EXIT_USAGE;
    }
    if (n == 0)
        return sum_check_file("-", &op->co, &op->out, keys);
    int status = SUM_EXIT_OK;
    for (int i = 0; i < n; i++) {
        int s = sum_check_file(files[i], &op->co, &op->out, keys);
        if (s > status)
            status = s;
        if (s == SUM_EXIT_USAGE || sum_stdout_failed())
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
                               "use --key-file FILE", files[0]);
        return sum_keygen(op.v.algo, op.key_file, op.force);
    }

    sum_keysrc_t keys;
    if (!sum_keysrc_init(&keys, key_arg, op.key_file, op.allow_insecure))
        return SUM_EXIT_USAGE;
    if (op.check) {
        status = check_files(files, nfiles, &op, &keys);
    } else {
        const sum_key_t *key = sum_keysrc_get(&keys, op.v.algo);
        status = key ? hash_files(files, nfiles, &op.v, key, &op.out) : SUM_EXIT_USAGE;
    }
    sum_keysrc_wipe(&keys);
    if (status != SUM_EXIT_USAGE && !sum_stdout_close() && status == SUM_EXIT_OK)
        status = SUM_EXIT_FAIL;
    return status;
}

int main(int argc, char **argv)
{
    int status = run(argc, argv);
    if (key_arg) {
        siphash_wipe(key_arg, strlen(key_arg));
        free(key_arg);
    }
    return status;
}
