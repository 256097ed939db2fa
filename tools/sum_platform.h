/* SPDX-License-Identifier: MIT */
/*
 * sum_platform.h — what siphashsum does differently on POSIX systems and
 * on Windows: how files are opened, how a key file is judged, how a new
 * key file is written, what the command line is made of.  The rest of the
 * tool calls these and stays the same everywhere.
 *
 * Windows in one paragraph: every file and standard input/output is in
 * binary mode (text mode would turn CR LF into LF and change hashes, and
 * would write CR LF line ends where Linux writes LF); the command line is
 * read as UTF-16 and given to the tool as UTF-8, and file names are turned
 * back into UTF-16 when opened, so any name Windows can hold works (a name
 * that is not valid UTF-16 is refused with a message).  POSIX owners and
 * modes do not exist there: a key file must be a regular file (or standard
 * input), and its access control list is not inspected.  --keygen creates
 * the key file with an access control list that grants access to the
 * current user only (no inherited entries).
 */
#ifndef SIPHASHSUM_SUM_PLATFORM_H
#define SIPHASHSUM_SUM_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* Called first in main().  Windows: binary standard streams, and *argv
 * replaced by a UTF-8 copy of the wide command line; returns false after
 * a message if an argument is not valid UTF-16.  POSIX: nothing. */
bool sum_platform_init(int *argc, char ***argv);

/* Opens name read-only (or as flags say), never onto descriptors 0-2:
 * with one of them closed, a file opened there would later be read as
 * standard input or written as output.  Not inherited by children, never
 * a controlling terminal, binary on Windows.  Returns the descriptor, or
 * -1 with errno set. */
int sum_open(const char *name, int flags);
/* Moves fd to a descriptor above 2 (closing the old one) if it is one of
 * 0-2.  Returns the descriptor, or -1 with errno set. */
int sum_fd_above_stdio(int fd);

/* Keeps keys out of crash dumps as far as the process can (POSIX: core
 * size limit 0).  Windows: only the crash dialog is switched off
 * (SetErrorMode); a machine whose administrator enabled Windows Error
 * Reporting's LocalDumps still writes a dump, and the process cannot
 * prevent that. */
void sum_platform_no_core_dumps(void);

/* Judges the object a key file resolved to (st from fstat; file is "-" for
 * standard input, as shown in messages otherwise).  POSIX: refused if
 * another user (not the invoking user, not root) owns it or every user may
 * read or write it, unless allow_insecure (then a warning); a warning if
 * its group may.  Windows: refused unless it is a regular file or standard
 * input.  Returns false after a message. */
bool sum_platform_key_file_ok(const char *origin, const char *file, const struct stat *st,
                              bool allow_insecure);

/* True if st is the object open on standard input (e.g. --key-file
 * /dev/stdin).  Always false on Windows, which has no such names. */
bool sum_platform_is_stdin(const struct stat *st);

/* Writes text to a new key file next to file (only its owner may read it),
 * flushes it to disk, then puts it in place: never over an existing name
 * without force, and with force only over a regular file.  Returns 0, an
 * errno value (EEXIST: the name exists), or -1 (not a regular file, with
 * *what set to what it is). */
int sum_platform_write_key_file(const char *file, const char *text, size_t len, bool force,
                                const char **what);

/* Writes all len bytes of buf to fd, retrying after EINTR.  Returns 0 or
 * the errno value of the failed write. */
int sum_write_all(int fd, const char *buf, size_t len);

#endif
