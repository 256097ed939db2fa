/* SPDX-License-Identifier: MIT */
/*
 * standalone_main.c — a main() for the fuzz targets when libFuzzer is not
 * linked (gcc builds, cross builds under qemu, AFL++ without its libFuzzer
 * driver).  Each argument is a file or a directory of files; each file is
 * one input.  With no argument, one input is read from standard input (so
 * `afl-fuzz ... -- fuzz_diff` works, and so does `afl-fuzz ... -- fuzz_diff @@`).
 * The seed corpus replays this way as an ordinary CTest test.
 */
#define _POSIX_C_SOURCE 200809L
/* 64-bit inode numbers and directory offsets on 32-bit targets too: without
 * it, readdir() and stat() of a 32-bit build fail with EOVERFLOW on file
 * systems that hand out large ones (seen under qemu-i386 on ext4). */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads all of f into an exact-size heap block (so ASan sees its end). */
static uint8_t *slurp(FILE *f, size_t *size)
{
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    if (!buf || ferror(f)) {
        free(buf);
        return NULL;
    }
    uint8_t *exact = malloc(n ? n : 1);
    if (exact && n)
        memcpy(exact, buf, n);
    free(buf);
    *size = n;
    return exact;
}

static int run_file(const char *path, unsigned long *count)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t size = 0;
    uint8_t *data = slurp(f, &size);
    if (f != stdin)
        fclose(f);
    if (!data) {
        fprintf(stderr, "%s: cannot read\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    ++*count;
    return 0;
}

static int run_path(const char *path, unsigned long *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path, count);
    DIR *dir = opendir(path);
    if (!dir) {
        perror(path);
        return 1;
    }
    int bad = 0;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *full = malloc(n);
        if (!full) {
            bad = 1;
            break;
        }
        snprintf(full, n, "%s/%s", path, e->d_name);
        bad |= run_path(full, count);
        free(full);
        errno = 0;
    }
    if (errno != 0) { /* readdir's end and its failure differ only here */
        perror(path);
        bad = 1;
    }
    closedir(dir);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned long count = 0;
    int bad = 0;
    if (argc < 2)
        bad = run_file("-", &count);
    for (int i = 1; i < argc; i++)
        bad |= run_path(argv[i], &count);
    /* Every input ran without aborting (a mismatch aborts). */
    printf("%s: %lu inputs replayed\n", argv[0], count);
    return bad || count == 0;
}
