#!/usr/bin/env bash
# desktop-file-validate on the desktop file, and every MIME type it claims is declared by our MIME package.
# usage: validate_desktop.sh PACKAGING_LINUX_DIR
set -euo pipefail
dir=$1
desktop=$dir/io.github.idxscope.IdxScope.desktop
command -v desktop-file-validate >/dev/null || { echo "SKIP: desktop-file-validate not installed (desktop-file-utils)"; exit 77; }
desktop-file-validate "$desktop"
grep -q '^Exec=idxscope %F$' "$desktop"
grep -q '^TryExec=idxscope$' "$desktop"
grep -q '^Icon=io.github.idxscope.IdxScope$' "$desktop"
# German, as the programs speak it: the launcher's texts and the file types' names.
for key in 'GenericName\[de\]' 'Comment\[de\]' 'Keywords\[de\]' 'Name\[de\]=Neues Fenster'; do
  grep -q "^$key" "$desktop" || { echo "FAIL: no ${key//\\/} in $desktop"; exit 1; }
done
[[ $(grep -c '<comment xml:lang="de">' "$dir/io.github.idxscope.IdxScope.xml") -eq \
   $(grep -c '<mime-type ' "$dir/io.github.idxscope.IdxScope.xml") ]] || { echo "FAIL: a MIME type has no German comment"; exit 1; }
types=$(sed -n 's/^MimeType=//p' "$desktop" | tr ';' ' ')
[[ -n $types ]]
for t in $types; do
  grep -q "<mime-type type=\"$t\">" "$dir/io.github.idxscope.IdxScope.xml" || { echo "FAIL: $t is not declared"; exit 1; }
done
thumb_types=$(sed -n 's/^MimeType=//p' "$dir/idxscope.thumbnailer")
[[ $thumb_types == "$(sed -n 's/^MimeType=//p' "$desktop")" ]] || { echo "FAIL: thumbnailer and desktop file types differ"; exit 1; }
echo "PASS: $desktop"
