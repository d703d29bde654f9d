#!/usr/bin/env bash
# The .deb on a clean system, as a new user gets it: a minimal Debian 12 made with debootstrap, the package
# installed there with `apt install ./idxscope_*.deb` (apt fetches its Depends from Debian's archive), then
# `idxscope-cli info` and `thumbnail` (from its module) on the bundled sample and `idxscope --screenshot`
# offscreen inside it. Needs root (for chroot) and debootstrap; without them it says why and skips (exit 77).
# Run by ./build.sh package-test, not by ./build.sh test: it downloads a few hundred megabytes.
# usage: clean_install.sh BUILD_DIR SAMPLE.gz [MIRROR]
set -euo pipefail
build=$1 sample=$2 mirror=${3:-http://deb.debian.org/debian}
[[ $(id -u) -eq 0 ]] || { echo "SKIP: needs root (chroot)"; exit 77; }
for tool in debootstrap cpack chroot mount; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (apt-get install debootstrap)"; exit 77; }
done
work=$(mktemp -d /var/tmp/idxscope-clean.XXXXXX)
root=$work/root
cleanup() {
  local m
  for m in dev/pts dev sys proc; do
    if mountpoint -q "$root/$m" 2>/dev/null; then umount -l "$root/$m" || true; fi
  done
  # Never remove through a mount that is still there (the host's /dev is bound into the chroot).
  if findmnt -rn -o TARGET | grep -q "^$root"; then
    echo "kept $work: a mount inside it could not be undone"
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT
mkdir -p "$work/probe"
if ! mount -t tmpfs probe "$work/probe" 2>/dev/null; then
  echo "SKIP: cannot mount here (a container without the right to): the chroot needs /proc and /dev"; exit 77
fi
umount "$work/probe"

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/deb" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/deb/*.deb)
echo "package: $(basename "$deb")"

echo "debootstrap: a minimal bookworm from $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -30 "$work/debootstrap.log"; echo "FAIL debootstrap"; exit 1; }
echo "deb $mirror bookworm main" > "$root/etc/apt/sources.list"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --make-rslave "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
# Nothing the packages pull in starts a service inside the chroot.
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
cp "$sample" "$root/tmp/sample-idx3-ubyte.gz"

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_root apt-get update -q >"$work/apt.log" 2>&1 || { tail -20 "$work/apt.log"; echo "FAIL apt-get update"; exit 1; }
# Depends only (no Recommends): what the package needs must be in its Depends.
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" \
  >>"$work/apt.log" 2>&1 ||
  { tail -30 "$work/apt.log"; echo "FAIL apt install ./$(basename "$deb")"; exit 1; }
echo "ok   apt install ./$(basename "$deb") on a clean system"

fail=0
if in_root idxscope-cli info /tmp/sample-idx3-ubyte.gz > "$work/info.txt" 2>&1 &&
   grep -q "dims: *1000 x 28 x 28" "$work/info.txt"; then
  echo "ok   idxscope-cli info: $(grep -m1 "dims:" "$work/info.txt" | tr -s " ")"
else
  cat "$work/info.txt"; echo "FAIL idxscope-cli info"; fail=1
fi
# A command that draws: idxscope-cli loads its module (lib/idxscope/modules) and QtGui only for it.
if in_root idxscope-cli thumbnail --size 64 /tmp/sample-idx3-ubyte.gz /tmp/thumb.png > "$work/thumb.txt" 2>&1 &&
   [[ $(head -c 8 "$root/tmp/thumb.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; then
  echo "ok   idxscope-cli thumbnail wrote a PNG of $(stat -c %s "$root/tmp/thumb.png") bytes"
else
  cat "$work/thumb.txt"; echo "FAIL idxscope-cli thumbnail"; fail=1
fi
if in_root env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=/tmp idxscope --screenshot /tmp/shot.png --size 800x600 \
     /tmp/sample-idx3-ubyte.gz > "$work/gui.txt" 2>&1 && [[ -s $root/tmp/shot.png ]]; then
  echo "ok   idxscope --screenshot wrote $(stat -c %s "$root/tmp/shot.png") bytes"
else
  cat "$work/gui.txt"; echo "FAIL idxscope --screenshot"; fail=1
fi
# The German translation is in the programs themselves (no locale data needed: Qt reads LANG).
if in_root env LANG=de_DE.UTF-8 idxscope-cli info /tmp/no-such-file > "$work/de.txt" 2>&1; [[ $? -eq 1 ]] &&
   grep -q "Fehler: /tmp/no-such-file: die Datei existiert nicht" "$work/de.txt"; then
  echo "ok   German: $(cat "$work/de.txt")"
else
  cat "$work/de.txt"; echo "FAIL no German messages under LANG=de_DE.UTF-8"; fail=1
fi
# The SVG icons load: Qt's SVG plugins came with the package's Depends.
if [[ -n $(find "$root/usr/lib" -path '*/qt6/plugins/iconengines/libqsvgicon.so' -print -quit) ]]; then
  echo "ok   Qt's SVG icon engine installed"
else
  echo "FAIL no SVG icon engine: the icons cannot load"; fail=1
fi
in_root man -w idxscope-cli >/dev/null 2>&1 || [[ -e $root/usr/share/man/man1/idxscope-cli.1.gz ]] ||
  { echo "FAIL no manual page"; fail=1; }
exit $fail
