/* SPDX-License-Identifier: MIT */
/* probe.c: can valgrind run a program of this build at all? (configure-time check) */
int main(void)
{
    return 0;
}
