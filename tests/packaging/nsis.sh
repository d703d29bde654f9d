#!/usr/bin/env bash
# Compiles the Windows installer definition (CPack's NSIS template plus windows/install.nsh and uninstall.nsh)
# with makensis, which also runs on Linux: catches syntax errors and mangled quoting in the registry commands. The
# installer it makes carries this build's Linux binaries and is thrown away.
# usage: nsis.sh BUILD_DIR
set -euo pipefail
build=$1
command -v makensis >/dev/null || { echo "SKIP: makensis not installed (nsis)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpack --config "$build/CPackConfig.cmake" -G NSIS -B "$tmp" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; exit 1; }
nsi=$(find "$tmp/_CPack_Packages" -name project.nsi | head -n 1)
grep -qF 'WriteRegStr SHCTX "Software\Classes\.idx3-ubyte\OpenWithProgids" "IdxScope.IdxFile" ""' "$nsi" \
  || { echo "FAIL: the file association commands are not in the script as written"; exit 1; }
grep -qF "System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'" "$nsi" || { echo "FAIL: no SHChangeNotify"; exit 1; }
ls "$tmp"/*.exe
echo PASS
