#!/usr/bin/env bash
# appstreamcli validate --no-net on the AppStream metadata; its launchable names our desktop file.
# usage: validate_metainfo.sh PACKAGING_LINUX_DIR
set -euo pipefail
dir=$1
metainfo=$dir/io.github.idxscope.IdxScope.metainfo.xml
command -v appstreamcli >/dev/null || { echo "SKIP: appstreamcli not installed (appstream)"; exit 77; }
appstreamcli validate --no-net "$metainfo"
grep -q '<summary xml:lang="de">' "$metainfo" || { echo "FAIL: no German summary"; exit 1; }
grep -q '<launchable type="desktop-id">io.github.idxscope.IdxScope.desktop</launchable>' "$metainfo"
[[ -f $dir/io.github.idxscope.IdxScope.desktop ]]
echo "PASS: $metainfo"
