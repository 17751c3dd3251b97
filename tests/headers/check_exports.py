#!/usr/bin/env python3
"""Every function a public header declares with ACL_FUNC_VISIBILITY (or acl_prof.h's
MSVP_PROF_API) must be exported (nm -D, defined, in the dynamic symbol table) by one of the
installed libraries in <prefix>/lib64.

A declaration marked weak (ACL_DUMP_WEAK, as CANN's acl_dump.h marks its exception helpers) may
stay unexported: callers must test the function's address, so its absence is reported, not failed.

usage: check_exports.py <include-root> <prefix>"""
import os
import re
import subprocess
import sys

inc, prefix = sys.argv[1], sys.argv[2]

declared = {}  # name -> header
weak = set()    # declared weak: may be absent
for root, _, files in os.walk(os.path.join(inc, 'acl')):
    for f in sorted(files):
        if not f.endswith('.h'):
            continue
        path = os.path.join(root, f)
        text = open(path, encoding='utf-8').read()
        text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
        text = re.sub(r'//[^\n]*', ' ', text)
        text = re.sub(r'^\s*#[^\n]*(\\\n[^\n]*)*', ' ', text, flags=re.M)
        for m in re.finditer(r'\b(?:ACL_FUNC_VISIBILITY|MSVP_PROF_API)\b([^;{]*?)\(', text, flags=re.S):
            # the declarator: the last identifier before the parameter list (skips macros such as
            # ACL_DEPRECATED_MESSAGE(...) that come before the return type)
            head = m.group(1)
            ids = re.findall(r'[A-Za-z_][A-Za-z0-9_]*', head)
            if not ids:
                continue
            name = ids[-1]
            if name.startswith('ACL_DEPRECATED'):
                # macro with its own parentheses precedes the declaration: look further
                rest = text[m.end():]
                depth = 1
                i = 0
                while depth and i < len(rest):
                    depth += {'(': 1, ')': -1}.get(rest[i], 0)
                    i += 1
                m2 = re.match(r'([^;{]*?)\(', rest[i:], flags=re.S)
                if not m2:
                    continue
                ids = re.findall(r'[A-Za-z_][A-Za-z0-9_]*', m2.group(1))
                if not ids:
                    continue
                name = ids[-1]
            declared.setdefault(name, os.path.relpath(path, inc))
            line_start = text.rfind('\n', 0, m.start()) + 1  # the marker may precede ACL_FUNC_VISIBILITY
            if re.search(r'\b(ACL_DUMP_WEAK|__attribute__\s*\(\(\s*weak)', text[line_start:m.start()] + head):
                weak.add(name)

if not declared:
    sys.exit('no ACL_FUNC_VISIBILITY / MSVP_PROF_API declarations found under %s' % inc)

lib = os.path.join(prefix, 'lib64')
exported = set()
libs = []
for f in sorted(os.listdir(lib)):
    p = os.path.join(lib, f)
    if '.so' not in f or os.path.islink(p) or not os.path.isfile(p):
        continue
    out = subprocess.run(['nm', '-D', '--defined-only', p], capture_output=True, text=True)
    if out.returncode != 0:
        continue
    libs.append(f)
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in 'TtWiV':
            exported.add(parts[2].split('@')[0])

fail = False
print('%d functions declared with ACL_FUNC_VISIBILITY, %d libraries scanned' % (len(declared), len(libs)))
for n in sorted(declared):
    if n in exported:
        continue
    if n in weak:
        print('weak, not provided: %s (declared in %s)' % (n, declared[n]))
    else:
        print('NOT EXPORTED: %s (declared in %s)' % (n, declared[n]))
        fail = True
sys.exit(1 if fail else 0)
