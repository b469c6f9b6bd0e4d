#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""List new non-static functions that have no kernel-doc comment.

Usage: kdoc-missing.py BASE  (run in the kernel tree, at the commit to check)

A function counts as new when its name line is added by BASE..HEAD. Both the
kernel's "int foo(...)" and nvkm's "int\\nfoo(...)" layouts are understood.
A function is documented when a /** comment that names it ends right above
its declaration.
"""
import re
import subprocess
import sys

base = sys.argv[1]
diff = subprocess.run(["git", "diff", "-U0", "--diff-filter=AM", base, "HEAD", "--", "*.c"],
                      capture_output=True, text=True, check=True).stdout
added = {}
cur = None
for line in diff.splitlines():
    if line.startswith("+++ "):
        cur = line[6:] if line.startswith("+++ b/") else None
        added.setdefault(cur, set())
    elif line.startswith("@@") and cur:
        m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
        start, count = int(m.group(1)), int(m.group(2) or 1)
        added[cur].update(range(start, start + count))

defn = re.compile(r"^(?:[A-Za-z_][\w\s\*]*?[\s\*])?([A-Za-z_]\w*)\(")
bad = []
for path, lines in added.items():
    if not path:
        continue
    src = open(path).read().split("\n")
    for i, text in enumerate(src):
        n = i + 1
        if n not in lines or not text or text[0] in " \t#/*}{":
            continue
        m = defn.match(text)
        if not m or text.rstrip().endswith(";"):
            continue
        # The declaration runs to the line opening the body.
        j = i
        while j < len(src) and not src[j].startswith("{") and not src[j].rstrip().endswith(";"):
            j += 1
        if j >= len(src) or not src[j].startswith("{"):
            continue
        head = text
        k = i - 1
        # nvkm style: the return type is on the line above.
        if re.match(r"^[A-Za-z_]\w*\(", text) and k >= 0 and src[k] and not src[k].endswith(";") \
                and not src[k].startswith(("}", "*", "/", "#")):
            head = src[k] + " " + text
            k -= 1
        if re.search(r"\bstatic\b", head) or re.match(r"^(if|for|while|switch|return)\b", text):
            continue
        name = m.group(1)
        while k >= 0 and src[k].strip() == "":
            k -= 1
        documented = False
        if k >= 0 and src[k].strip() == "*/":
            while k >= 0 and not src[k].startswith("/**"):
                k -= 1
            documented = k >= 0 and re.search(r"\b%s\b" % re.escape(name), " ".join(src[k:k + 2]))
        if not documented:
            bad.append(f"{path}:{n}: {name}() is new, not static, and has no kernel-doc")
print("\n".join(bad))
sys.exit(1 if bad else 0)
