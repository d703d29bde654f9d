#!/usr/bin/env python3
"""A unit's private header (foo_p.h beside foo.cpp, Qt's convention) is part of its folder: it may be included
only by the files of that folder. (A folder's other private headers live in its private/ directory, which only
its own library has on its include path: the compiler enforces those; this script enforces the ones beside
their unit, which sit on the folder's public path.)

Usage: private_headers.py ROOT  - checks ROOT/core, ROOT/app and ROOT/tests; exit 1 and one line per offence
when a file outside a folder includes one of its foo_p.h, 0 otherwise, 2 on a usage error.
       private_headers.py --planted  - checks a tree made here with one offence planted (and one allowed
include, and a private/ header): exit 0 only when exactly the offence is reported."""
import pathlib
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)


def offences(root):
    sources = [p for top in ('core', 'app', 'tests') for p in (root / top).rglob('*')
               if p.suffix in ('.h', '.cpp') and p.is_file()]
    # The unit-private headers: foo_p.h in a folder that also holds foo.cpp.
    private = {}
    for p in sources:
        if p.name.endswith('_p.h') and p.parent.name != 'private' and \
                (p.parent / (p.name[:-4] + '.cpp')).exists():
            private[p.name] = p.parent
    found = []
    for p in sources:
        for name in INCLUDE.findall(p.read_text(errors='replace')):
            folder = private.get(pathlib.PurePath(name).name)
            if folder is not None and p.parent != folder:
                found.append(f'{p.relative_to(root)}: includes {name}, private to {folder.relative_to(root)}/')
    return found


def planted():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        files = {
            'core/read/idxfile.cpp': '#include "idxfile_p.h"\n',  # its own folder: allowed
            'core/read/idxfile_p.h': '',
            'core/read/private/payload_p.h': '',  # the compiler guards private/
            'core/edit/save.cpp': '#include "payload_p.h"\n',
            'app/gui/document/document.cpp': '#include  "idxfile_p.h" // planted\n',
        }
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        found = offences(root)
        want = ['app/gui/document/document.cpp: includes idxfile_p.h, private to core/read/']
        if found != want:
            print(f'planted offence: reported {found}, expected {want}')
            return 1
        return 0


def main(argv):
    if argv[1:] == ['--planted']:
        return planted()
    if len(argv) != 2 or not pathlib.Path(argv[1]).is_dir():
        print('usage: private_headers.py ROOT', file=sys.stderr)
        return 2
    found = offences(pathlib.Path(argv[1]))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
