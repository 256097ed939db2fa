#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The tests, three ways (docs/testing.md says what each runs and its time):
#
#   bash scripts/test.sh             the quick suite (quick start 2): installs
#                                    what it needs (.ci/packages-quick.txt),
#                                    builds once, runs every component's own
#                                    tests in their short form; minutes
#   bash scripts/test.sh --all       everything CI runs (.ci/run is exactly
#                                    this): every configuration of the matrix,
#                                    the deep sweeps, sanitizers, valgrind,
#                                    qemu, C++ grid, Wine, adoption, release,
#                                    ABI, Debian packages; about half an hour
#   bash scripts/test.sh STEP...     some steps, as CI runs them
#   bash scripts/test.sh --quick STEP...  some steps, as the quick suite does
#   bash scripts/test.sh --list      the steps of both lists
#
# Each step is a script .ci/<step>.sh sharing .ci/lib.sh, with its Debian
# packages in .ci/packages-<step>.txt.  In the quick suite a step runs with
# SIPHASH_CI_QUICK=1 and SIPHASH_TEST_QUICK=1 (its short form: lib.sh's
# ci_quick) and the quick suite's packages.  Adding a step is one line in
# QUICK_STEPS, ALL_STEPS or both (DEVELOPERS.md).
#
# Steps run two at a time (SIPHASH_CI_LANES, default 2; 1 runs them one
# after the other, printing as they go): each build or test phase leaves a
# core idle part of the time (configures, links, the last long test, one
# fuzzer, valgrind, Wine, a pip build), and the other step fills it.  A step
# reusing a build tree another running step makes (the matrix's, or the
# quick suite's gcc tree) waits until that tree is done (lib.sh:
# ci_wait_tree); steps that install into, or read from, the same system
# directories never run side by side (EXCLUSIVE).  Each step's output is
# printed whole when it ends; the end is a summary: each step's verdict,
# wall and CPU seconds and notes (what failed, by name; what was skipped,
# and why), then the line "steps: N passed, N failed".
set -uo pipefail
unset CDPATH # a relative cd goes where it says, never where the caller's CDPATH points
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=.ci/lib.sh
source .ci/lib.sh || exit 1
set +e # every step runs, whatever the others did

# The quick suite.  An entry is a step name and its arguments; a name
# ending in '?' runs only when every package of its .ci/packages-<step>.txt
# is installed (the quick suite does not install those: they are heavy),
# and is named as skipped otherwise.
QUICK_STEPS=(
    "ctest"         # the one native build (the matrix's gcc tree), its whole CTest suite
    "adopt amalgam" # the one-file amalgamation, compiled by gcc and clang, three tests on it
    "python"        # the Python binding in a fresh venv and its pytest suite
    "postgresql?"   # the PostgreSQL extension: build, pg_regress, values, configured key
    "proof?"        # the Frama-C proofs replayed (docs/proof.md), without the planted bugs
)
# What CI runs, started in this order as a lane frees up: the matrix first
# (the longest, and most steps reuse its trees); beside it the steps that
# need none of its trees, the longest first (trust and adopt reuse some, in
# their last part, by when the matrix has made them); then the steps that
# reuse its trees, short ones, in whichever lane frees up.
ALL_STEPS=(matrix dropin proof debian trust adopt abi release windows cpp python rng batch cli consumers dpdk bench
    postgresql sqlite)
# Pairs of steps never side by side: debian installs our packages into /usr
# (a PostgreSQL module where the postgresql step installs its own, a Python
# module the python step's venv would see).
EXCLUSIVE=("debian postgresql" "debian python")
# Steps that make build trees other steps reuse: how to ask them which.
makes_trees() { # makes_trees STEP ARGS...
    case $1 in
        matrix) bash .ci/matrix.sh --trees "${@:2}" ;;
        ctest) echo gcc ;;
    esac
}

usage() {
    sed -n '3,16s/^# \{0,1\}//p' "$0"
    exit 2
}

quick=0
case ${1:-} in
    "") quick=1 entries=("${QUICK_STEPS[@]}") ;;
    --quick)
        quick=1
        shift
        entries=("$@")
        [[ $# -gt 0 ]] || entries=("${QUICK_STEPS[@]}")
        ;;
    --all) [[ $# -eq 1 ]] || usage; entries=("${ALL_STEPS[@]}") ;;
    --list)
        printf 'quick suite (bash scripts/test.sh):'
        printf ' [%s]' "${QUICK_STEPS[@]}"
        printf '\nCI (bash scripts/test.sh --all):'
        printf ' %s' "${ALL_STEPS[@]}"
        echo
        exit 0
        ;;
    -*) usage ;;
    *) entries=("$@") ;;
esac
LANES=${SIPHASH_CI_LANES:-2}

# The packages: the quick suite's one list, or each step's.
if [[ $quick -eq 1 ]]; then
    export SIPHASH_CI_QUICK=1 SIPHASH_TEST_QUICK=1
    lists=(.ci/packages-quick.txt)
else
    lists=()
    for e in "${entries[@]}"; do
        s=${e%% *}
        [[ -f .ci/packages-$s.txt ]] && lists+=(".ci/packages-$s.txt")
    done
fi
if [[ ${#lists[@]} -gt 0 ]]; then
    bash scripts/deps.sh "${lists[@]}" || { echo "test.sh: installing dependencies failed"; exit 1; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/siphash-test.XXXXXX") || exit 1
pid_of=() trees_of=()
busy=$SIPHASH_CI_DIR/.busy
# shellcheck disable=SC2317  # called by the trap
cleanup() {
    # The trees this run marked busy, and the steps still running (on ^C).
    local i
    for i in "${!pid_of[@]}"; do kill -- "-${pid_of[$i]}" 2>/dev/null; done
    for i in "${!trees_of[@]}"; do
        for t in ${trees_of[$i]}; do rm -f "$busy/$t"; done
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$busy"

# Parse the entries: name (as shown), script, arguments, optional or not.

declare -a name_of script_of args_of optional_of state_of
for i in "${!entries[@]}"; do
    read -r -a argv <<<"${entries[$i]}"
    s=${argv[0]}
    optional_of[i]=0
    if [[ $s == *\? ]]; then
        s=${s%\?}
        optional_of[i]=1
    fi
    script_of[i]=$s
    args_of[i]="${argv[*]:1}"
    name_of[i]=$s${args_of[$i]:+:${args_of[$i]// /,}}
    state_of[i]=waiting
    # shellcheck disable=SC2086  # the arguments, split on purpose
    trees_of[i]=$(makes_trees "$s" ${args_of[$i]} | paste -sd' ' -)
    for t in ${trees_of[$i]}; do echo "$$" >"$busy/$t"; done
done

# The order steps start in: the makers of trees first (a step waiting for
# a tree must never hold the lane its maker needs), then the list's order.
order=()
for i in "${!entries[@]}"; do [[ -z ${trees_of[$i]} ]] || order+=("$i"); done
for i in "${!entries[@]}"; do [[ -n ${trees_of[$i]} ]] || order+=("$i"); done

# conflicts I: a running step may not run beside step I (EXCLUSIVE).
conflicts() {
    local g j
    for g in "${EXCLUSIVE[@]}"; do
        [[ " $g " == *" ${script_of[$1]} "* ]] || continue
        for j in "${!pid_of[@]}"; do
            [[ " $g " == *" ${script_of[$j]} "* ]] && return 0
        done
    done
    return 1
}

# start I: runs step I in the background, its output into its log, its CPU
# seconds (user + system of all it ran) into its .cpu file.
start() {
    local i=$1 s=${script_of[$1]} log=$work/$1.log
    : >"$work/$i.notes"
    state_of[i]=running
    date +%s >"$work/$i.start"
    if [[ ${optional_of[$i]} -eq 1 ]] && ! missing=$(bash scripts/deps.sh --check ".ci/packages-$s.txt"); then
        echo "skipped: not installed: $missing (bash scripts/deps.sh .ci/packages-$s.txt adds them)" |
            tee -a "$work/$i.notes" >"$log"
        (exit 77) &
    elif [[ ! -f .ci/$s.sh ]]; then
        echo "no step '$s' (.ci/$s.sh missing)" | tee -a "$work/$i.notes" >"$log"
        (exit 1) &
    else
        # shellcheck disable=SC2016  # expanded by the inner shell
        # shellcheck disable=SC2086  # the arguments, split on purpose
        SIPHASH_CI_NOTES=$work/$i.notes setsid bash -c 'bash "$@"; rc=$?; times >"$CPU_FILE"; exit $rc' \
            step ".ci/$s.sh" ${args_of[$i]} >"$log" 2>&1 </dev/null &
    fi
    pid_of[i]=$!
    echo "======== step ${name_of[$i]} started ($(date -u +%H:%M:%S))"
}

# The CPU seconds in a `times` output: its second line, the children's.
cpu_seconds() {
    [[ -f $1 ]] || { echo 0; return; }
    sed -n 2p "$1" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d\n", t + 0.5 }'
}

pass=0 fail=0 skip=0 failed=() skipped=() lines=()
# finish I RC: prints step I's log whole, then its verdict; adds its line
# and notes to the summary; hands over the trees it made.
finish() {
    local i=$1 rc=$2 verdict wall cpu
    unset "pid_of[$i]"
    state_of[i]=finished
    for t in ${trees_of[$i]}; do rm -f "$busy/$t"; done
    wall=$(($(date +%s) - $(<"$work/$i.start")))
    cpu=$(cpu_seconds "$work/$i.cpu")
    case $rc in
        0) pass=$((pass + 1)) verdict=passed ;;
        77) skip=$((skip + 1)) verdict=skipped skipped+=("${name_of[$i]}") ;;
        *) fail=$((fail + 1)) verdict=FAILED failed+=("${name_of[$i]}") ;;
    esac
    if [[ $LANES -gt 1 ]]; then
        echo
        echo "======== step ${name_of[$i]}: its output ========"
        cat "$work/$i.log"
    fi
    echo "======== step ${name_of[$i]} $verdict in $wall s (CPU $cpu s) ========"
    lines[i]=$(printf '%-15s %-7s %5d s  (CPU %5d s)' "${name_of[$i]}" "$verdict" "$wall" "$cpu")
    while IFS= read -r note; do
        lines[i]+=$'\n'"    $note"
    done <"$work/$i.notes"
}

ci_clock all
if [[ $LANES -le 1 ]]; then
    # One at a time, the output as it comes.
    for i in "${order[@]}"; do
        export CPU_FILE=$work/$i.cpu
        start "$i"
        tail -n +1 -f "$work/$i.log" --pid="${pid_of[$i]}" &
        tailer=$!
        wait "${pid_of[$i]}"
        rc=$?
        wait "$tailer"
        finish "$i" "$rc"
    done
else
    while :; do
        # Start what may start: in order, skipping a step that conflicts
        # with a running one (it starts as soon as that one ends).
        for i in "${order[@]}"; do
            [[ ${#pid_of[@]} -lt $LANES ]] || break
            [[ ${state_of[$i]} == waiting ]] || continue
            conflicts "$i" && continue
            export CPU_FILE=$work/$i.cpu
            start "$i"
        done
        [[ ${#pid_of[@]} -gt 0 ]] || break
        wait -n -p ended "${pid_of[@]}"
        rc=$?
        for i in "${!pid_of[@]}"; do
            [[ ${pid_of[$i]} == "$ended" ]] && finish "$i" "$rc"
        done
    done
fi
ci_clock_read all

echo
if [[ $quick -eq 1 ]]; then what="quick suite"; else what="steps"; fi
echo "======== $what: $CI_WALL s in all (CPU $CI_CPU s), $LANES at a time, on $(nproc) CPUs:" \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
for i in "${!entries[@]}"; do
    printf '%s\n' "${lines[$i]-${name_of[$i]} (not run)}"
done
[[ $skip -eq 0 ]] || echo "skipped steps: ${skipped[*]}"
[[ $fail -eq 0 ]] || echo "failed steps: ${failed[*]}"
tail=""
[[ $skip -eq 0 ]] || tail=", $skip skipped"
echo "steps: $pass passed, $fail failed$tail"
[[ $fail -eq 0 ]]
