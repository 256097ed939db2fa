/* SPDX-License-Identifier: MIT */
/*
 * proof/spec/nocase_lemmas.c — the translation unit in which the unit
 * func-nocase of proof/prove.sh proves the lemmas of nocase_spec.h: only
 * the definitions they are about (bytes.h, nocase_spec.h), because beside
 * the other units' bit facts and lemmas (the prelude of src/) the solvers
 * lost their way (folded_sums: proved here in under a second, a timeout
 * of 60 s there).  A lemma proved from fewer hypotheses holds with more.
 */
#include "bytes.h"
#include "nocase_spec.h"
