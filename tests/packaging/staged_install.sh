#!/usr/bin/env bash
# Installs the build into a staging prefix and checks the freedesktop integration there, as a desktop would see
# it with the staged share/ first in XDG_DATA_DIRS: IDX names (raw, .gz, .xz) and a renamed IDX file (by its
# content) get our types, generic .gz files and other data do not, and idxscope is the default application. The
# README and docs/ are installed with the screenshots they show, and their links resolve there. The installed
# idxscope-cli finds the module of its commands that draw.
# usage: staged_install.sh BUILD_DIR MIMEQUERY_EXE
set -euo pipefail
build=$1
mimequery=$2
here=$(cd "$(dirname "$0")" && pwd)
for tool in cmake update-mime-database update-desktop-database xdg-mime gzip xz; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/stage
fail=0
check() { # WHAT EXPECTED ACTUAL
  if [[ $2 == "$3" ]]; then echo "ok   $1: $3"; else echo "FAIL $1: expected $2, got '$3'"; fail=1; fi
}

cmake --install "$build" --prefix "$stage" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
for f in bin/idxscope bin/idxscope-cli \
         share/applications/io.github.idxscope.IdxScope.desktop \
         share/mime/packages/io.github.idxscope.IdxScope.xml \
         share/metainfo/io.github.idxscope.IdxScope.metainfo.xml \
         share/icons/hicolor/scalable/apps/io.github.idxscope.IdxScope.svg \
         share/icons/hicolor/scalable/mimetypes/application-x-idx.svg \
         share/thumbnailers/idxscope.thumbnailer \
         share/doc/idxscope/copyright share/doc/idxscope/README.md \
         share/doc/idxscope/resources/screenshots/gallery.png; do
  if [[ -e $stage/$f ]]; then echo "ok   installed $f"; else echo "FAIL not installed: $f"; fail=1; fi
done
# Every page of docs/ is installed, and the installed README's links and images resolve there as in the source.
for page in "$here"/../../docs/*.md; do
  f=share/doc/idxscope/docs/$(basename "$page")
  if [[ -e $stage/$f ]]; then echo "ok   installed $f"; else echo "FAIL not installed: $f"; fail=1; fi
done
if command -v python3 >/dev/null; then
  python3 "$here/docs.py" "$stage/share/doc/idxscope" || fail=1
else
  echo "note: python3 not installed: the installed documentation's links were not checked"
fi
update-mime-database "$stage/share/mime" >"$tmp/update.log" 2>&1 || { cat "$tmp/update.log"; exit 1; }
update-desktop-database "$stage/share/applications" >>"$tmp/update.log" 2>&1 || { cat "$tmp/update.log"; exit 1; }

# A clean desktop-less session: only the staged files and the system's.
mkdir -p "$tmp/data-home" "$tmp/config-home" "$tmp/config-dirs" "$tmp/files"
export XDG_DATA_HOME=$tmp/data-home XDG_CONFIG_HOME=$tmp/config-home XDG_CONFIG_DIRS=$tmp/config-dirs
export XDG_DATA_DIRS=$stage/share:/usr/share
unset XDG_CURRENT_DESKTOP XDG_SESSION_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID \
      MATE_DESKTOP_SESSION_ID DISPLAY WAYLAND_DISPLAY XDG_MENU_PREFIX

# A 2x28x28 ubyte IDX file (header 00 00 08 03, dims 2, 28, 28), and the things it must not be confused with.
cd "$tmp/files"
{ printf '\x00\x00\x08\x03\x00\x00\x00\x02\x00\x00\x00\x1c\x00\x00\x00\x1c'; head -c 1568 /dev/zero; } > idx.bin
raw=(train-images-idx3-ubyte t10k-images.idx3-ubyte qmnist-train-labels-idx2-int train-labels-idx1-ubyte
     emnist-byclass-train-images-idx3-ubyte foo.idx TRAIN.IDX)
for n in "${raw[@]}"; do cp idx.bin "$n"; gzip -kn "$n"; xz -k "$n"; done
cp idx.bin downloaded-file                                    # renamed: only the content says IDX
printf 'hello\n' | gzip -n > plain.gz                         # other gzip files stay gzip
printf '\x00\x00\x00\x00\x00\x00\x00\x00' > zeros            # "00 00" alone is not IDX
printf 'just text\n' > notes

declare -A expected
for n in "${raw[@]}"; do
  expected[$n]=application/x-idx
  expected[$n.gz]=application/x-compressed-idx
  expected[$n.xz]=application/x-xz-compressed-idx
done
expected[downloaded-file]=application/x-idx
expected[plain.gz]=application/gzip
expected[zeros]=application/octet-stream
expected[notes]=text/plain

# The module of the commands that draw is installed in the library folder as configured (lib/idxscope/modules
# here), and the installed idxscope-cli finds it there.
module=$(find "$stage" -name idxscope-cli-images.so)
if [[ $module == "$stage"/lib*/idxscope/modules/idxscope-cli-images.so ]]; then
  echo "ok   installed ${module#"$stage"/}"
else
  echo "FAIL the module idxscope-cli-images.so is not installed in lib*/idxscope/modules: '$module'"; fail=1
fi
if "$stage/bin/idxscope-cli" thumbnail --size 32 idx.bin thumb.png >"$tmp/thumb.log" 2>&1 &&
   [[ $(head -c 8 thumb.png | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  echo "ok   the installed idxscope-cli draws a thumbnail (its module found where it was installed)"
else
  cat "$tmp/thumb.log"; echo "FAIL the installed idxscope-cli could not draw a thumbnail"; fail=1
fi

# QMimeDatabase (what idxscope and Qt file dialogs see; it reads the same shared-mime-info caches).
while IFS=$'\t' read -r name type; do
  check "QMimeDatabase $name" "${expected[$name]}" "$type"
done < <("$mimequery" "${!expected[@]}")

# xdg-mime as GNOME, Xfce, Cinnamon, MATE and LXDE run it: through GIO (`gio info`), whose matcher is the one
# their file managers use. (KDE's answer is QMimeDatabase's, checked above. Without a desktop, xdg-mime falls back
# to File::MimeInfo, which tries *.gz before longer suffixes, or to file(1), which ignores shared-mime-info.)
if gio help info >/dev/null 2>&1; then
  for name in "${!expected[@]}"; do
    check "xdg-mime filetype (GIO) $name" "${expected[$name]}" "$(XDG_CURRENT_DESKTOP=GNOME xdg-mime query filetype "$name")"
  done
else
  echo "note: gio (libglib2.0-bin) not installed: xdg-mime filetype not checked; QMimeDatabase was"
fi

for type in application/x-idx application/x-compressed-idx application/x-xz-compressed-idx; do
  check "xdg-mime default $type" io.github.idxscope.IdxScope.desktop "$(xdg-mime query default "$type")"
done
# Subclasses: archive managers keep offering themselves for the compressed forms.
if grep -q '<sub-class-of type="application/gzip"/>' "$stage/share/mime/application/x-compressed-idx.xml"; then
  echo "ok   x-compressed-idx is a subclass of application/gzip"
else
  echo "FAIL x-compressed-idx is not a subclass of application/gzip"; fail=1
fi

exit $fail
