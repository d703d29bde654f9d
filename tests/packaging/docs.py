#!/usr/bin/env python3
"""Keeps the documentation navigable: README.md stays short (at most 250 lines), and every relative link and
image in README.md and docs/*.md resolves - the file exists and, for a link into a Markdown page, so does the
#anchor (GitHub's: the heading lowercased, punctuation dropped, spaces as hyphens, repeats numbered).

usage: docs.py ROOT    (ROOT holds README.md and docs/: the source tree, or an installed share/doc/idxscope)
Exit status 0 when all is well, 1 listing every problem otherwise."""

import os
import re
import sys
import urllib.parse

MAX_README_LINES = 250

FENCE = re.compile(r"^ {0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
# [text](target "title") and ![alt](target); the text may hold line breaks but no brackets.
INLINE_LINK = re.compile(r"!?\[[^\[\]]*\]\(\s*<?([^\s)>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.M)
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ID = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.I)


def prose(text):
    """The text with fenced code blocks blanked out (line numbers kept) and code spans removed."""
    lines, fenced = [], None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if fenced:
            if m and m.group(1) == fenced:
                fenced = None
            lines.append("")
        elif m:
            fenced = m.group(1)
            lines.append("")
        else:
            lines.append(line)
    return CODE_SPAN.sub("", "\n".join(lines))


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays, its target goes
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found, seen = set(), {}
        for line in prose(text).split("\n"):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
            found.update(HTML_ID.findall(line))
        cache[path] = found
    return cache[path]


def check_page(root, page):
    problems = []
    with open(page, encoding="utf-8") as f:
        text = prose(f.read())
    rel = os.path.relpath(page, root)
    targets = [(m.start(), m.group(1)) for m in INLINE_LINK.finditer(text)]
    targets += [(m.start(), m.group(1)) for m in REFERENCE.finditer(text)]
    for offset, target in sorted(targets):
        line = text.count("\n", 0, offset) + 1
        where = f"{rel}:{line}"
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # http:, https:, mailto: ... : not ours to check
        path_part, _, fragment = target.partition("#")
        path_part = urllib.parse.unquote(path_part)
        fragment = urllib.parse.unquote(fragment)
        if path_part.startswith("/"):
            problems.append(f"{where}: '{target}' is absolute; links must be relative")
            continue
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path_part)) if path_part else page
        if not os.path.exists(dest):
            problems.append(f"{where}: '{target}': {os.path.relpath(dest, root)} does not exist")
            continue
        if fragment:
            if not dest.endswith(".md") or not os.path.isfile(dest):
                problems.append(f"{where}: '{target}': an anchor into a file that is not a Markdown page")
            elif fragment not in anchors(dest):
                problems.append(f"{where}: '{target}': no heading in {os.path.relpath(dest, root)} has the "
                                f"anchor #{fragment}")
    return problems


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    readme = os.path.join(root, "README.md")
    docs = os.path.join(root, "docs")
    problems = []
    if not os.path.isfile(readme):
        problems.append(f"{readme}: missing")
    if not os.path.isdir(docs):
        problems.append(f"{docs}: missing")
    if problems:
        print("\n".join(f"FAIL {p}" for p in problems))
        return 1
    with open(readme, encoding="utf-8") as f:
        lines = len(f.read().splitlines())
    if lines > MAX_README_LINES:
        problems.append(f"README.md: {lines} lines, more than {MAX_README_LINES}: move details into docs/")
    else:
        print(f"ok   README.md: {lines} lines (at most {MAX_README_LINES})")
    pages = [readme] + sorted(os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md"))
    for page in pages:
        found = check_page(root, page)
        problems += found
        if not found:
            print(f"ok   {os.path.relpath(page, root)}: every relative link and image resolves")
    for p in problems:
        print(f"FAIL {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
