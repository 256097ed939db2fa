#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/proof.sh — the proof step: replays every proof of docs/proof.md from
# scratch with Frama-C 25 (proof/prove.sh: WP -wp-rte with Z3 and CVC4 on
# the plain-C sources of src/, EVA on the memcpy helpers, siphash_wipe,
# net.c, the portable batch kernels and batch.c's dispatch, Z3 on the
# trusted bit facts), printing goals proved / total per function and
# prover; any unproved goal, EVA alarm or failed
# bit fact fails the step.  Then shows that the proof can fail: each
# planted bug of proof/mutants.sh, applied to a copy of the tree, must make
# the replay fail (unit by unit, only the units the bug touches).
# `bash .ci/proof.sh --no-mutants` (and the quick suite) skips that second
# half.
# Nothing is cached (WP: -wp-cache none, a fresh session directory).
# Packages: .ci/packages-proof.txt.  Time: docs/proof.md ("Replaying it").
# shellcheck source=.ci/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ci_packages proof
command -v frama-c >/dev/null || ci_skip "frama-c is not installed (.ci/packages-proof.txt)"

# Why3 finds the provers installed here (writes ~/.why3.conf; WP reads it).
run why3 config detect >/dev/null

out=$(ci_dir proof)
rm -rf "$out"
mkdir -p "$out"
status=0
ci_clock proof
run bash proof/prove.sh "$SIPHASH_ROOT" "$out/replay" || status=1
ci_clock_read proof
echo "proof: replay took ${CI_WALL} s wall, ${CI_CPU} s CPU"
[[ $status -eq 0 ]] || ci_note "proof: the replay has unproved goals or alarms (above)"

# The quick suite replays the proofs only.
if [[ ${1:-} != --no-mutants ]] && ! ci_quick; then
    run bash proof/mutants.sh "$SIPHASH_ROOT" "$out/mutants" || {
        status=1
        ci_note "proof: a planted bug was not caught (above)"
    }
fi
exit $status
