#!/usr/bin/env bash
# cpack -G DEB builds a .deb whose Depends has the shlibdeps-found Qt libraries plus qt6-qpa-plugins, that holds
# the executables and the desktop integration files under /usr, and that has no maintainer scripts.
# usage: deb.sh BUILD_DIR
set -euo pipefail
build=$1
for tool in cpack dpkg-deb dpkg-shlibdeps file strip; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (dpkg-dev, file, binutils)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; exit 1; }
debs=("$tmp"/*.deb)
[[ -f ${debs[0]} ]] || { cat "$tmp/cpack.log"; echo "FAIL: no .deb"; exit 1; }
deb=${debs[0]}
echo "built $(basename "$deb")"
fail=0
dpkg-deb -I "$deb" | tee "$tmp/info"
# Package names alone, one a line: "libqt6core6 (>= 6.4)" -> libqt6core6.
sed -n 's/^ Depends: //p' "$tmp/info" | tr ',' '\n' | awk '{print $1}' > "$tmp/depends"
for want in qt6-qpa-plugins libqt6svg6 libopenblas0 libqt6core6 libqt6gui6 libqt6widgets6 libc6; do
  if grep -qxF "$want" "$tmp/depends"; then echo "ok   Depends has $want"; else echo "FAIL Depends lacks $want"; fail=1; fi
done
grep -q '^ Recommends: .*qt6-translations-l10n' "$tmp/info" || { echo "FAIL Recommends lacks qt6-translations-l10n"; fail=1; }
grep -q '^ Package: idxscope$' "$tmp/info" || { echo "FAIL package name"; fail=1; }
grep -q '^ Section: science$' "$tmp/info" || { echo "FAIL section"; fail=1; }

dpkg-deb -c "$deb" | awk '{print $6}' > "$tmp/contents"
if grep -qE '^\./usr/lib(/[^/]+)?/idxscope/modules/idxscope-cli-images\.so$' "$tmp/contents"; then
  echo "ok   contains the module of idxscope-cli's commands that draw"
else
  echo "FAIL missing usr/lib/…/idxscope/modules/idxscope-cli-images.so"; fail=1
fi
for f in ./usr/bin/idxscope ./usr/bin/idxscope-cli \
         ./usr/share/applications/io.github.idxscope.IdxScope.desktop \
         ./usr/share/mime/packages/io.github.idxscope.IdxScope.xml \
         ./usr/share/metainfo/io.github.idxscope.IdxScope.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/io.github.idxscope.IdxScope.svg \
         ./usr/share/icons/hicolor/scalable/mimetypes/application-x-idx.svg \
         ./usr/share/thumbnailers/idxscope.thumbnailer \
         ./usr/share/man/man1/idxscope.1.gz ./usr/share/man/man1/idxscope-cli.1.gz \
         ./usr/share/bash-completion/completions/idxscope-cli \
         ./usr/share/doc/idxscope/changelog.gz \
         ./usr/share/doc/idxscope/copyright; do
  if grep -qxF "$f" "$tmp/contents"; then echo "ok   contains $f"; else echo "FAIL missing $f"; fail=1; fi
done

dpkg-deb -e "$deb" "$tmp/control"
for script in preinst postinst prerm postrm; do
  [[ ! -e $tmp/control/$script ]] || { echo "FAIL has a $script maintainer script"; fail=1; }
done

# The changelog's version is the package's.
version=$(sed -n 's/^ Version: //p' "$tmp/info")
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/idxscope/changelog.gz | gzip -dc | head -1 > "$tmp/changelog"
if grep -q "^idxscope ($version) " "$tmp/changelog"; then echo "ok   changelog names $version"
else echo "FAIL changelog: $(cat "$tmp/changelog"), package $version"; fail=1; fi

# lintian: no error and no warning (an informational tag is fine). Root is allowed here: CI runs as root.
if command -v lintian >/dev/null; then
  if lintian --allow-root --fail-on error,warning --tag-display-limit 0 "$deb" > "$tmp/lintian" 2>&1 &&
     ! grep -E '^(E|W): ' "$tmp/lintian"; then
    echo "ok   lintian clean"
  else
    cat "$tmp/lintian"; echo "FAIL lintian"; fail=1
  fi
else
  echo "FAIL lintian is not installed (build.sh installs it)"; fail=1
fi
exit $fail
