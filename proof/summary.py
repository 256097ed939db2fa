#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""proof/summary.py LOG — the goals of one WP run (its -wp-rte log), per
function and prover: "proved / total" and who closed them (Qed, WP's own
simplifier, or Z3 / CVC4 through Why3).  Exits 1 when a goal is not proved
or the log has no goal at all (a run that proves nothing proves nothing)."""
import re
import sys
from collections import defaultdict

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
# a goal is named <function>_<kind>[_<more>]: the shortest prefix before a kind
kind_re = re.compile(r"^(\w+?)_(assert|assigns|call|ensures|loop|terminates|exits|variant|"
                     r"complete|disjoint|requires|post|pre)(_|$)")
goal_re = re.compile(r"^\[wp\] \[([^\]]+)\] Goal (typed_cast_)?(\w+)", re.M)

per_fn = defaultdict(lambda: defaultdict(int))
failed = []
for prover, _, goal in goal_re.findall(log):
    m = kind_re.match(goal)
    fn = "(lemmas)" if goal.startswith("lemma_") else m.group(1) if m else "(other)"
    prover = prover.split()[0]  # "Z3 4.8.12" -> "Z3"
    if prover in ("Failed", "Unknown", "Timeout"):
        failed.append(goal)
        prover = "UNPROVED"
    per_fn[fn][prover] += 1

total = sum(sum(p.values()) for p in per_fn.values())
for fn in sorted(per_fn):
    provers = per_fn[fn]
    n = sum(provers.values())
    ok = n - provers.get("UNPROVED", 0)
    detail = ", ".join(f"{p} {k}" for p, k in sorted(provers.items()))
    print(f"   {fn:32} {ok:4} / {n:<4} ({detail})")
m = re.search(r"Proved goals:\s+(\d+) / (\d+)", log)
print(f"   proved {m.group(1)} / {m.group(2)} goals" if m else "   no 'Proved goals' line")
for g in failed:
    print(f"   NOT PROVED: {g}")
errors = re.findall(r"^\[\w+\] (?:User Error|Failure|.*aborted).*$", log, re.M)
for e in errors:
    print(f"   {e}")
ok = total > 0 and not failed and not errors and m is not None and m.group(1) == m.group(2)
sys.exit(0 if ok else 1)
