#!/usr/bin/env bash
# Runs the command of idxscope.thumbnailer the way a file manager does (%s size, %i input, %o output PNG) on the
# bundled sample, gzip-compressed like most downloads: it must write a PNG no larger than the requested size.
# usage: thumbnailer.sh THUMBNAILER_FILE CLI_DIR SAMPLE
set -euo pipefail
thumbnailer=$1
cli_dir=$2
sample=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
exec_line=$(sed -n 's/^Exec=//p' "$thumbnailer")
try_exec=$(sed -n 's/^TryExec=//p' "$thumbnailer")
[[ -x $cli_dir/$try_exec ]] || { echo "FAIL: TryExec=$try_exec is not in $cli_dir"; exit 1; }
size=128
out=$tmp/thumb.png
read -r -a argv <<<"$exec_line"
for i in "${!argv[@]}"; do
  case ${argv[i]} in %s) argv[i]=$size ;; %i) argv[i]=$sample ;; %o) argv[i]=$out ;; esac
done
echo "running: PATH=$cli_dir:\$PATH ${argv[*]}"
PATH=$cli_dir:$PATH "${argv[@]}"
[[ -s $out ]] || { echo "FAIL: no thumbnail written"; exit 1; }
[[ $(head -c 8 "$out" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || { echo "FAIL: not a PNG"; exit 1; }
read -r width height < <(od -An -j16 -N8 -tu1 "$out" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
echo "thumbnail: ${width}x${height}"
(( width > 0 && height > 0 && width <= size && height <= size )) || { echo "FAIL: size ${width}x${height}"; exit 1; }
echo PASS
