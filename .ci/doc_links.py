#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every relative link in the repository's Markdown files resolves.

    .ci/doc_links.py [FILE.md ...]      (default: every tracked *.md file)

A link is [text](target), ![alt](target) or a [label]: target definition,
outside code blocks and code spans.  Links with a scheme (https:, mailto:)
are not followed.  A relative target must name an existing file or
directory (relative to the linking file; a leading / means the repository
root), and a #fragment must be a heading of the target Markdown file, as
GitHub derives its anchors (lowercased, punctuation dropped, spaces to
hyphens, -1, -2 ... for repeats).  Exit status 1 when anything is broken,
each broken link printed as FILE:LINE.

Pages that document an integration developed on its own branch may be
linked before they land: such a link counts as pending, not broken, only
while the integration itself is absent from the tree too (PENDING below).
Once the integration is in the tree, its page must be as well.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# page -> a path (prefix) whose presence means the integration has landed
PENDING = {
    "docs/pandas.md": "python/libsiphash/pandas",
    "docs/postgresql.md": "postgresql",
}

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def tracked_markdown():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "*.md"], check=True,
                             capture_output=True, text=True).stdout
        return [f for f in out.splitlines() if os.path.isfile(os.path.join(ROOT, f))]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(ROOT):
            dirs[:] = [x for x in dirs if not x.startswith((".git", "build"))]
            found += [os.path.relpath(os.path.join(d, f), ROOT) for f in files if f.endswith(".md")]
        return sorted(found)


def unfenced_lines(path):
    """(line number, text) of the lines outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = FENCE.match(line)
            if fence:
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                    fence = None
                continue
            if m:
                fence = m.group(1)
                continue
            yield n, line.rstrip("\n")


def prose_lines(path):
    """(line number, text) of the lines outside fenced code, code spans blanked."""
    for n, line in unfenced_lines(path):
        yield n, re.sub(r"(`+)(?:(?!\1).)+?\1", lambda s: " " * len(s.group(0)), line)


def slug(text):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)   # links -> their text
    text = re.sub(r"<[^>]+>", "", text)                     # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


_anchor_cache = {}


def anchors(path):
    if path not in _anchor_cache:
        seen, found = {}, set()
        for _, line in unfenced_lines(path):
            found.update(HTML_ANCHOR.findall(line))
            h = HEADING.match(line)
            if h:
                s = slug(h.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f"{s}-{n}")
        _anchor_cache[path] = found
    return _anchor_cache[path]


def check(rel):
    """Yields (line, target, problem) for each broken link; counts the rest."""
    path = os.path.join(ROOT, rel)
    for n, line in prose_lines(path):
        targets = INLINE.findall(line)
        m = REFDEF.match(line)
        if m:
            targets.append(m.group(1))
        for target in targets:
            check.links += 1
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                check.external += 1
                continue
            file_part, _, frag = target.partition("#")
            if file_part:
                base = ROOT if file_part.startswith("/") else os.path.dirname(path)
                dest = os.path.normpath(os.path.join(base, file_part.lstrip("/")))
            else:
                dest = path
            dest_rel = os.path.relpath(dest, ROOT)
            if not os.path.exists(dest):
                landed = PENDING.get(dest_rel)
                if landed is not None and not any(
                        os.path.exists(p) for p in (os.path.join(ROOT, landed),
                                                    os.path.join(ROOT, landed + ".py"))):
                    check.pending.add(dest_rel)
                    continue
                yield n, target, f"no such file: {dest_rel}"
                continue
            if frag and dest.endswith(".md") and frag not in anchors(dest):
                yield n, target, f"no heading for #{frag} in {dest_rel}"


check.links = check.external = 0
check.pending = set()


def main(argv):
    files = argv or tracked_markdown()
    broken = 0
    for rel in files:
        for n, target, problem in check(rel):
            print(f"{rel}:{n}: link '{target}': {problem}")
            broken += 1
    print(f"doc links: {check.links} links in {len(files)} Markdown files, "
          f"{check.external} external (not followed), {broken} broken")
    for p in sorted(check.pending):
        print(f"doc links: pending: {p} (its integration is not in this tree yet)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
