/* SPDX-License-Identifier: MIT */
/*
 * sum_platform.c — siphashsum's POSIX and Windows code (see sum_platform.h
 * for what each function promises on each system).
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sum.h"
#include "sum_platform.h"

/* ======================================================================== */
#if defined(_WIN32)

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
/* after windows.h */
#include <io.h>
#include <shellapi.h>

#ifndef S_ISREG /* MSVC */
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#endif

/* errno for the Win32 errors the tool can meet; EIO for the rest. */
static int errno_of(DWORD e)
{
    switch (e) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
        return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        return EACCES;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
        return EEXIST;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        return ENOSPC;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return ENOMEM;
    case ERROR_INVALID_NAME:
    case ERROR_BAD_PATHNAME:
    case ERROR_FILENAME_EXCED_RANGE:
        return EINVAL;
    case ERROR_NO_UNICODE_TRANSLATION:
        return EILSEQ;
    default:
        return EIO;
    }
}

/* name (UTF-8) as UTF-16, malloc'd; NULL with errno set (EILSEQ: not
 * valid UTF-8, which no name from the command line can be). */
static wchar_t *wide(const char *name)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, name, -1, NULL, 0);
    if (n <= 0) {
        errno = EILSEQ;
        return NULL;
    }
    wchar_t *w = malloc((size_t)n * sizeof *w);
    if (!w) {
        errno = ENOMEM;
        return NULL;
    }
    MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, name, -1, w, n);
    return w;
}

/* w as UTF-8, malloc'd; NULL if w is not valid UTF-16 (an unpaired
 * surrogate) or memory ran out. */
static char *utf8(const wchar_t *w)
{
    int n = WideCharToMultiByte(CP_UTF8, WC_ERR_INVALID_CHARS, w, -1, NULL, 0, NULL, NULL);
    if (n <= 0)
        return NULL;
    char *s = malloc((size_t)n);
    if (s)
        WideCharToMultiByte(CP_UTF8, WC_ERR_INVALID_CHARS, w, -1, s, n, NULL, NULL);
    return s;
}

bool sum_platform_init(int *argc, char ***argv)
{
    /* Binary standard streams: a CR LF read through text mode would hash
     * as LF, and every output line would end in CR LF. */
    (void)_setmode(_fileno(stdin), _O_BINARY);
    (void)_setmode(_fileno(stdout), _O_BINARY);
    (void)_setmode(_fileno(stderr), _O_BINARY);
    /* Names are printed as the UTF-8 bytes they are; a console shows them
     * right only if it is told so. */
    if (GetFileType(GetStdHandle(STD_OUTPUT_HANDLE)) == FILE_TYPE_CHAR)
        SetConsoleOutputCP(CP_UTF8);

    /* The C runtime's argv is in the ANSI code page: a name outside it
     * arrives as '?'s.  The wide command line has every name exactly. */
    int n = 0;
    wchar_t **wargv = CommandLineToArgvW(GetCommandLineW(), &n);
    if (!wargv) {
        fprintf(stderr, "siphashsum: cannot read the command line\n");
        return false;
    }
    char **args = calloc((size_t)n + 1, sizeof *args);
    for (int i = 0; args && i < n; i++) {
        args[i] = utf8(wargv[i]);
        if (!args[i]) {
            fprintf(stderr, "siphashsum: argument %d is not valid Unicode (UTF-16); "
                    "refusing to guess which file it names\n", i);
            LocalFree(wargv);
            return false;
        }
    }
    LocalFree(wargv);
    if (!args) {
        fprintf(stderr, "siphashsum: %s\n", strerror(ENOMEM));
        return false;
    }
    *argc = n;
    *argv = args; /* lives as long as the process */
    return true;
}

int sum_fd_above_stdio(int fd)
{
    if (fd < 0 || fd > 2)
        return fd;
    int moved = _dup(fd); /* the lowest free descriptor: above 2 here */
    int err = errno;
    _close(fd);
    errno = err;
    return moved;
}

int sum_open(const char *name, int flags)
{
    wchar_t *w = wide(name);
    if (!w)
        return -1;
    int fd = _wopen(w, flags | _O_BINARY | _O_NOINHERIT);
    int err = errno;
    /* Windows refuses to open a directory as a file with EACCES: say what
     * Linux says, so the diagnostics match too. */
    if (fd < 0 && err == EACCES) {
        DWORD a = GetFileAttributesW(w);
        if (a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_DIRECTORY))
            err = EISDIR;
    }
    free(w);
    errno = err;
    return sum_fd_above_stdio(fd);
}

void sum_platform_no_core_dumps(void)
{
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
}

bool sum_platform_key_file_ok(const char *origin, const char *file, const struct stat *st,
                              bool allow_insecure)
{
    (void)allow_insecure; /* nothing here is a matter of degree */
    if (strcmp(file, "-") == 0 || S_ISREG(st->st_mode))
        return true;
    sum_error("%s: not a regular file (a device or pipe name); refusing to use it", origin);
    return false;
}

bool sum_platform_is_stdin(const struct stat *st)
{
    (void)st;
    return false;
}

/* A security descriptor whose DACL has one entry: full access for the user
 * this process runs as; protected, so nothing is inherited from the
 * directory.  Filled into *sd (its ACL in acl_buf); false on failure. */
static bool owner_only(SECURITY_DESCRIPTOR *sd, unsigned char *acl_buf, size_t acl_size,
                       unsigned char *user_buf, DWORD user_size)
{
    HANDLE token;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return false;
    DWORD got = 0;
    BOOL ok = GetTokenInformation(token, TokenUser, user_buf, user_size, &got);
    CloseHandle(token);
    if (!ok)
        return false;
    PSID sid = ((TOKEN_USER *)(void *)user_buf)->User.Sid;
    PACL acl = (PACL)(void *)acl_buf;
    return InitializeAcl(acl, (DWORD)acl_size, ACL_REVISION) &&
           AddAccessAllowedAce(acl, ACL_REVISION, GENERIC_ALL, sid) &&
           InitializeSecurityDescriptor(sd, SECURITY_DESCRIPTOR_REVISION) &&
           SetSecurityDescriptorDacl(sd, TRUE, acl, FALSE) &&
           SetSecurityDescriptorControl(sd, SE_DACL_PROTECTED, SE_DACL_PROTECTED);
}

/* Writes text to a new file tmp (owner-only DACL) and flushes it. */
static int create_key_tmp(const wchar_t *tmp, const char *text, size_t len)
{
    SECURITY_DESCRIPTOR sd;
    /* aligned for the ACL and SID structures they hold */
    union {
        unsigned char b[512];
        DWORD align;
    } acl, user;
    if (!owner_only(&sd, acl.b, sizeof acl.b, user.b, sizeof user.b))
        return errno_of(GetLastError());
    SECURITY_ATTRIBUTES sa = {sizeof sa, &sd, FALSE};
    HANDLE h = CreateFileW(tmp, GENERIC_WRITE, 0, &sa, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, NULL);
    if (h == INVALID_HANDLE_VALUE)
        return errno_of(GetLastError());
    int err = 0;
    while (len && !err) {
        DWORD put = 0;
        if (!WriteFile(h, text, (DWORD)len, &put, NULL))
            err = errno_of(GetLastError());
        text += put;
        len -= put;
    }
    if (!err && !FlushFileBuffers(h))
        err = errno_of(GetLastError());
    if (!CloseHandle(h) && !err)
        err = errno_of(GetLastError());
    return err;
}

int sum_platform_write_key_file(const char *file, const char *text, size_t len, bool force,
                                const char **what)
{
    wchar_t *wfile = wide(file);
    if (!wfile)
        return errno;
    /* FILE.XXXXXXXX next to it, random (an existing name is never opened:
     * CREATE_NEW fails on it). */
    uint8_t r[4];
    if (siphash_random_bytes(r, sizeof r) != 0) {
        free(wfile);
        return EIO;
    }
    size_t n = wcslen(wfile);
    wchar_t *tmp = malloc((n + 10) * sizeof *tmp);
    if (!tmp) {
        free(wfile);
        return ENOMEM;
    }
    memcpy(tmp, wfile, n * sizeof *tmp);
    tmp[n] = L'.';
    for (int i = 0; i < 8; i++)
        tmp[n + 1 + i] = L"0123456789abcdef"[(r[i / 2] >> (4 * (i & 1))) & 15];
    tmp[n + 9] = 0;

    int err = create_key_tmp(tmp, text, len);
    if (!err && force) {
        DWORD a = GetFileAttributesW(wfile);
        if (a != INVALID_FILE_ATTRIBUTES && (a & (FILE_ATTRIBUTE_DIRECTORY |
                                                  FILE_ATTRIBUTE_REPARSE_POINT | FILE_ATTRIBUTE_DEVICE))) {
            *what = (a & FILE_ATTRIBUTE_REPARSE_POINT) ? "a symbolic link or junction"
                    : (a & FILE_ATTRIBUTE_DIRECTORY)   ? "a directory"
                                                        : "a device";
            err = -1;
        }
    }
    /* Without force MoveFileEx fails on any existing name; with it, the
     * regular file is replaced in one step (the old key or the new one). */
    if (!err && !MoveFileExW(tmp, wfile, MOVEFILE_WRITE_THROUGH | (force ? MOVEFILE_REPLACE_EXISTING : 0)))
        err = errno_of(GetLastError());
    if (err)
        DeleteFileW(tmp);
    free(tmp);
    free(wfile);
    return err;
}

/* ======================================================================== */
#else /* POSIX */

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

/* Nothing to do: the arguments are the bytes the kernel passed. */
bool sum_platform_init(int *argc, char ***argv) /* NOLINT(readability-non-const-parameter) */
{
    (void)argc;
    (void)argv;
    return true;
}

int sum_fd_above_stdio(int fd)
{
    if (fd < 0 || fd > 2)
        return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int err = errno;
    close(fd);
    errno = err;
    return moved;
}

int sum_open(const char *name, int flags)
{
    return sum_fd_above_stdio(open(name, flags | O_NOCTTY | O_CLOEXEC));
}

void sum_platform_no_core_dumps(void)
{
    struct rlimit nocore = {0, 0};
    (void)setrlimit(RLIMIT_CORE, &nocore);
}

/* What a file that is neither a regular file nor a pipe is, for messages. */
static const char *file_kind(mode_t m)
{
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISDIR(m))
        return "a directory";
    return "not a regular file or pipe";
}

/* A key comes from a regular file or through a pipe (<(...), a FIFO,
 * standard input).  A device, socket or directory never holds one:
 * /dev/null reads as an empty key, /dev/zero as zeros, /dev/urandom as a
 * different key on every run; and advice to chmod it, given to root, would
 * break the system.  So the type is judged first, and "chmod 600 FILE" is
 * advised only for a regular file named on the command line.
 *
 * Then: anyone who can read the key can forge; anyone who can write it can
 * choose it. */
bool sum_platform_key_file_ok(const char *origin, const char *file, const struct stat *st,
                              bool allow_insecure)
{
    bool is_stdin = strcmp(file, "-") == 0;
    if (!is_stdin && !S_ISREG(st->st_mode) && !S_ISFIFO(st->st_mode)) {
        sum_error("%s: not a regular file (%s); refusing to use it: a key file must be a "
                  "regular file or a pipe", origin, file_kind(st->st_mode));
        return false;
    }
    unsigned mode = (unsigned)st->st_mode & 07777;
    char what[120] = "", fix[400];
    if (!is_stdin && S_ISREG(st->st_mode))
        snprintf(fix, sizeof fix, "run 'chmod 600 %s'", file);
    else
        snprintf(fix, sizeof fix, "a key must come from a file or pipe only you can read and "
                 "write");
    if (st->st_uid != geteuid() && st->st_uid != 0) {
        snprintf(what, sizeof what, "owned by another user (uid %lu)", (unsigned long)st->st_uid);
        snprintf(fix, sizeof fix, "a key file must belong to you or root");
    } else if (st->st_mode & (S_IROTH | S_IWOTH)) {
        snprintf(what, sizeof what, "%s by every user (mode %04o)",
                 (st->st_mode & S_IROTH) ? "readable" : "writable", mode);
    }
    if (what[0] && !allow_insecure) {
        sum_error("%s: %s; refusing to use it: %s, or pass --allow-insecure-key-file", origin,
                  what, fix);
        return false;
    }
    if (what[0])
        sum_error("%s: warning: %s; used because of --allow-insecure-key-file", origin, what);
    else if (st->st_mode & (S_IRGRP | S_IWGRP))
        sum_error("%s: warning: %s by its group (mode %04o); %s", origin,
                  (st->st_mode & S_IRGRP) ? "readable" : "writable", mode, fix);
    return true;
}

bool sum_platform_is_stdin(const struct stat *st)
{
    struct stat in;
    return fstat(STDIN_FILENO, &in) == 0 && in.st_dev == st->st_dev && in.st_ino == st->st_ino;
}

/* A copy of the first len bytes of s, NUL-terminated. */
static char *copy_prefix(const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, s, len);
        c[len] = 0;
    }
    return c;
}

/* The directory part of file ("." if none) is synced so that the new
 * name survives a crash. */
static int sync_dir_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    char *dir = slash ? copy_prefix(file, slash == file ? 1 : (size_t)(slash - file))
                      : copy_prefix(".", 1);
    if (!dir)
        return ENOMEM;
    int fd = sum_open(dir, O_RDONLY | O_DIRECTORY);
    int err = 0;
    if (fd >= 0) {
        /* Some file systems cannot sync a directory: that is no error. */
        if (fsync(fd) != 0 && errno != EINVAL && errno != EBADF)
            err = errno;
        close(fd);
    }
    free(dir);
    return err;
}

/* link(2)'s errors for a file system without hard links. */
static bool links_unsupported(int err)
{
    if (err == EPERM || err == EOPNOTSUPP || err == ENOSYS)
        return true;
#if defined(ENOTSUP) && ENOTSUP != EOPNOTSUPP
    if (err == ENOTSUP)
        return true;
#endif
    return false;
}

/* Puts the finished temporary file tmp in place as file.  Without force,
 * link(2) fails if the name exists, whatever it is (a dangling symlink
 * included): nothing is ever replaced (where link(2) is not supported,
 * O_EXCL gives the same guarantee).  With force, only a regular file is
 * replaced (rename(2): atomic, the old key or the new one, never a mix); a
 * symlink, FIFO, device or directory is refused, as replacing the node
 * would leave whatever it points at, or whoever reads it, with the old
 * key. */
static int publish(const char *tmp, const char *file, bool force, const char **what)
{
    if (!force) {
        if (link(tmp, file) == 0) {
            unlink(tmp);
            return 0;
        }
        int err = errno;
        if (!links_unsupported(err))
            return err;
        /* No hard links on this file system (FAT, exFAT, some network and
         * FUSE ones).  Claim the name with O_EXCL, which like link(2) fails
         * on anything already there, a dangling symlink included, then
         * rename the finished file over that empty placeholder of ours.
         * Killed between the two steps, it leaves an empty key file, which
         * every reader rejects: never a short or stale key. */
        int fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd < 0)
            return errno;
        close(fd);
        if (rename(tmp, file) != 0) {
            err = errno;
            unlink(file);
            return err;
        }
        return 0;
    }
    struct stat st;
    if (lstat(file, &st) == 0 && !S_ISREG(st.st_mode)) {
        *what = S_ISLNK(st.st_mode)   ? "a symbolic link"
                : S_ISDIR(st.st_mode) ? "a directory"
                : S_ISFIFO(st.st_mode) ? "a FIFO"
                : (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) ? "a device"
                                                                : "not a regular file";
        return -1;
    }
    return rename(tmp, file) != 0 ? errno : 0;
}

/* mkstemp (mode 0600), write, fsync, publish.  Killed or failing at any
 * point, it leaves no file at the key's name (at worst a temporary
 * FILE.XXXXXX when killed outright); with the file size limit exceeded
 * (ulimit -f) the write fails instead of killing us, and the temporary file
 * is removed. */
int sum_platform_write_key_file(const char *file, const char *text, size_t len, bool force,
                                const char **what)
{
    size_t n = strlen(file);
    char *tmp = malloc(n + 8);
    if (!tmp)
        return ENOMEM;
    snprintf(tmp, n + 8, "%s.XXXXXX", file);
    (void)signal(SIGXFSZ, SIG_IGN);
    int fd = sum_fd_above_stdio(mkstemp(tmp)); /* mode 0600 */
    if (fd < 0) {
        int err = errno;
        free(tmp);
        return err;
    }
    int err = sum_write_all(fd, text, len);
    if (!err && fsync(fd) != 0 && errno != EINVAL)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err)
        err = publish(tmp, file, force, what);
    if (!err)
        err = sync_dir_of(file);
    else
        unlink(tmp);
    free(tmp);
    return err;
}

#endif

/* Both systems: write(2) until all of buf is written (see sum_platform.h). */
int sum_write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno;
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}
