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

static int run(int argc, char **argv)
{
    const char *algo_name = NULL, *length_arg = NULL, *key_file = NULL;
    bool check = false, keygen = false, force = false, allow_insecure = false;
    sum_outopt_t o = {false, false};
    sum_checkopt_t co;
    memset(&co, 0, sizeof co);
    bool check_only_opt = false;
    const char *check_only_name = NULL;

    int c;
    opterr = 0; /* our own messages: getopt's would start with argv[0] */
    while ((c = getopt_long(argc, argv, ":a:l:czw", long_options, NULL)) != -1) {
        switch (c) {
        case 'a': algo_name = optarg; break;
        case 'l': length_arg = optarg; break;
        case 'c': check = true; break;
        case 'z': o.zero = true; break;
        case OPT_TAG: o.tag = true; break;
        case OPT_KEY:
            /* Overwrite the argument so later ps(1) listings do not show it
             * (a race remains: that is why --key is documented unsafe).
             * The copy is wiped at exit. */
            free(key_arg);
            key_arg = strdup(optarg);
            if (!key_arg) {
                sum_error("--key: %s", strerror(ENOMEM));
                return SUM_EXIT_FAIL;
            }
            memset(optarg, 'x', strlen(optarg));
            break;
        case OPT_KEY_FILE: key_file = optarg; break;
        case OPT_KEYGEN: keygen = true; break;
        case OPT_FORCE: force = true; break;
        case OPT_ALLOW_INSECURE: allow_insecure = true; break;
        case OPT_QUIET: co.quiet = true; check_only_opt = true; check_only_name = "--quiet"; break;
        case OPT_STATUS: co.status = true; check_only_opt = true; check_only_name = "--status"; break;
        case OPT_STRICT: co.strict = true; check_only_opt = true; check_only_name = "--strict"; break;
        case 'w': co.warn = true; check_only_opt = true; check_only_name = "--warn"; break;
        case OPT_IGNORE_MISSING:
            co.ignore_missing = true;
            check_only_opt = true;
            check_only_name = "--ignore-missing";
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
            return usage_error("unrecognized option '%s'", argv[optind - 1]);
        }
    }

    /* The algorithm and length, checked before anything is read. */
    const sum_algo_t *algo = &sum_algos[0];
    if (algo_name && !(algo = sum_algo_find(algo_name)))
        return usage_error("--algorithm '%s': unknown algorithm (choose siphash-2-4, "
                           "siphash-1-3, halfsiphash-2-4 or halfsiphash-1-3)", algo_name);
    sum_variant_t v = {algo, algo->bits[0]};
    if (length_arg) {
        unsigned bits = parse_bits(length_arg);
        /* With -c and no -a, -l selects lines of any algorithm: any length
         * some algorithm offers will do. */
        bool any = check && !algo_name && (bits == 32 || bits == 64 || bits == 128);
        if (!any && !sum_algo_has_length(algo, bits)) {
            fprintf(stderr, "siphashsum: --length '%s': %s offers %u or %u bits\n"
                    "Try 'siphashsum --help' for more information.\n",
                    length_arg, algo->tag, algo->bits[0], algo->bits[1]);
            return SUM_EXIT_USAGE;
        }
        v.bits = bits;
    }

    /* Options that make sense only in some modes. */
    if (check_only_opt && !check)
        return usage_error("the %s option is meaningful only when verifying checksums",
                           check_only_name);
    if (check && o.tag)
        return usage_error("the %s option is meaningless when verifying checksums", "--tag");
    if (check && keygen)
        return usage_error("%s: cannot be combined with --check", "--keygen");
    if (force && !keygen)
        return usage_error("the %s option is meaningful only with --keygen", "--force");

    int status;
    if (keygen) {
        if (optind < argc)
            return usage_error("--keygen takes no FILE operands (extra operand '%s'); "
                               "use --key-file FILE", argv[optind]);
        if (key_arg)
            return usage_error("%s: cannot be combined with --keygen", "--key");
        return sum_keygen(algo, key_file, force);
    }

    sum_keysrc_t keys;
    if (!sum_keysrc_init(&keys, key_arg, key_file, allow_insecure)) {
        status = SUM_EXIT_USAGE;
        goto done;
    }
    if (check) {
        co.algo = algo_name ? algo : NULL;
        co.bits = length_arg ? v.bits : 0;
        /* Refuse early when there is no key at all, before any output. */
        if (keys.kind == SUM_KEYSRC_NONE) {
            (void)sum_keysrc_get(&keys, algo);
            status = SUM_EXIT_USAGE;
            goto done;
        }
        status = SUM_EXIT_OK;
        if (optind == argc)
            status = sum_check_file("-", &co, &o, &keys);
        for (int i = optind; i < argc; i++) {
            int s = sum_check_file(argv[i], &co, &o, &keys);
            if (s > status)
                status = s;
            if (s == SUM_EXIT_USAGE || sum_stdout_failed())
                break;
        }
    } else {
        const sum_key_t *key = sum_keysrc_get(&keys, algo);
        if (!key) {
            status = SUM_EXIT_USAGE;
            goto done;
        }
        status = hash_files(argv + optind, argc - optind, &v, key, &o);
    }
    if (!sum_stdout_close() && status == SUM_EXIT_OK)
        status = SUM_EXIT_FAIL;
done:
    sum_keysrc_wipe(&keys);
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
