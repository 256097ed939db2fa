/* SPDX-License-Identifier: MIT */
/*
 * aborts.h — death tests: aborts(fn) is true if fn() aborts the process
 * (the library's answer to misuse, e.g. a bad streaming parameter), and
 * aborts_saying(fn, text) if it does so with text in its message on stderr
 * (on Windows, where the message is not captured, the same as aborts()).
 *
 * POSIX: fn runs in a forked child, which must die of SIGABRT.
 * Windows has no fork(): abort() raises SIGABRT in the calling thread
 * first, so a handler that longjmps back here catches it before the C
 * runtime terminates the process.  fn must not hold resources that the
 * jump would leak (the tests' functions only touch local contexts).
 */
#ifndef SIPHASH_TEST_ABORTS_H
#define SIPHASH_TEST_ABORTS_H

#include <signal.h>
#include <stdio.h>

#ifdef _WIN32
#include <setjmp.h>

static jmp_buf aborts_jmp_;

static void aborts_on_sigabrt_(int sig)
{
    (void)sig;
    longjmp(aborts_jmp_, 1);
}

static int aborts(void (*fn)(void))
{
    fflush(NULL);
    void (*old)(int) = signal(SIGABRT, aborts_on_sigabrt_);
    volatile int died = 0;
    if (setjmp(aborts_jmp_) == 0)
        fn();
    else
        died = 1;
    signal(SIGABRT, old);
    return died;
}

static inline int aborts_saying(void (*fn)(void), const char *text)
{
    (void)text;
    return aborts(fn);
}
#else
#include <sys/wait.h>
#include <unistd.h>

static int aborts(void (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        /* The expected "libsiphash: ..." message would only clutter logs. */
        if (!freopen("/dev/null", "w", stderr))
            _exit(3);
        fn();
        _exit(0);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

#include <string.h>

static inline int aborts_saying(void (*fn)(void), const char *text)
{
    int p[2];
    fflush(NULL);
    if (pipe(p) != 0)
        return 0;
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        if (dup2(p[1], 2) < 0)
            _exit(3);
        fn();
        _exit(0);
    }
    close(p[1]);
    char msg[1024];
    size_t n = 0;
    ssize_t r;
    while (pid > 0 && (r = read(p[0], msg + n, sizeof msg - 1 - n)) > 0)
        n += (size_t)r;
    msg[n] = '\0';
    close(p[0]);
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    if (!strstr(msg, text))
        fprintf(stderr, "aborts_saying: expected \"%s\" in the message, got \"%s\"\n", text, msg);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && strstr(msg, text) != NULL;
}
#endif

#endif
