/* SPDX-License-Identifier: MIT */
/*
 * acl_check.c — acl_check [--strict] FILE: judges FILE's access control
 * list (DACL) and prints every entry.
 *
 * Default: exit 0 unless an entry lets in everyone, every user or guests
 * (Everyone, Users, Authenticated Users, Guests, Anonymous).  A file that
 * any user may read fails this.
 * --strict: exit 0 only if the DACL is protected (nothing inherited from
 * the directory) and every entry allows this process's user and no other:
 * what siphashsum --keygen asks Windows for.
 *
 * Wine keeps no DACL of its own for a file on a Unix file system: it
 * reports one made from the Unix owner and mode bits, so only the default
 * check means anything under Wine (cli.sh uses that there).
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
/* after windows.h */
#include <sddl.h>
#include <stdio.h>
#include <string.h>

static const char *const world[] = {
    "S-1-1-0",      /* Everyone */
    "S-1-5-32-545", /* Users */
    "S-1-5-11",     /* Authenticated Users */
    "S-1-5-32-546", /* Guests */
    "S-1-5-7",      /* Anonymous */
};

int main(int argc, char **argv)
{
    int strict = argc == 3 && strcmp(argv[1], "--strict") == 0;
    if (argc != 2 + strict) {
        fprintf(stderr, "usage: acl_check [--strict] FILE\n");
        return 2;
    }
    const char *file = argv[1 + strict];
    static unsigned char sdbuf[8192], userbuf[512];
    DWORD need = 0;
    PSECURITY_DESCRIPTOR sd = (PSECURITY_DESCRIPTOR)sdbuf;
    if (!GetFileSecurityA(file, DACL_SECURITY_INFORMATION, sd, sizeof sdbuf, &need)) {
        printf("acl_check: %s: GetFileSecurity failed (error %lu)\n", file,
               (unsigned long)GetLastError());
        return 1;
    }
    HANDLE token;
    DWORD got = 0;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token) ||
        !GetTokenInformation(token, TokenUser, userbuf, sizeof userbuf, &got)) {
        printf("acl_check: cannot read the process token\n");
        return 1;
    }
    PSID me = ((TOKEN_USER *)(void *)userbuf)->User.Sid;

    SECURITY_DESCRIPTOR_CONTROL ctl = 0;
    DWORD rev = 0;
    BOOL present = FALSE, defaulted = FALSE;
    PACL dacl = NULL;
    GetSecurityDescriptorControl(sd, &ctl, &rev);
    GetSecurityDescriptorDacl(sd, &present, &dacl, &defaulted);
    if (!present || !dacl) {
        printf("acl_check: %s: no DACL: everyone has access\n", file);
        return 1;
    }
    int only_me = (ctl & SE_DACL_PROTECTED) && dacl->AceCount >= 1, no_world = 1;
    printf("acl_check: %s: %u entries, %s\n", file, (unsigned)dacl->AceCount,
           (ctl & SE_DACL_PROTECTED) ? "protected" : "inheritable");
    for (DWORD i = 0; i < dacl->AceCount; i++) {
        void *ace = NULL;
        if (!GetAce(dacl, i, &ace))
            return 1;
        const ACE_HEADER *h = ace;
        PSID who = (PSID)&((ACCESS_ALLOWED_ACE *)ace)->SidStart;
        char *sid = NULL;
        if (!ConvertSidToStringSidA(who, &sid))
            return 1;
        int allow = h->AceType == ACCESS_ALLOWED_ACE_TYPE, mine = EqualSid(who, me);
        for (size_t w = 0; w < sizeof world / sizeof world[0]; w++)
            if (allow && strcmp(sid, world[w]) == 0)
                no_world = 0;
        only_me &= allow && mine;
        printf("  %s %08lx %s%s\n", allow ? "allow" : "other", (unsigned long)((ACCESS_ALLOWED_ACE *)ace)->Mask,
               sid, mine ? " (current user)" : "");
        LocalFree(sid);
    }
    return (strict ? only_me : no_world) ? 0 : 1;
}
