#!/usr/bin/env bash
# A text file that merely has an IDX name is refused by `idxscope-cli info` with exit status 1 and a message that
# names the file and says it is not IDX, not with a crash or garbage.
# usage: cli_rejects_text.sh IDXSCOPE_CLI
set -uo pipefail
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
file=$tmp/train-images-idx3-ubyte
printf 'These are not the images you are looking for.\n' > "$file"
"$cli" info "$file" >"$tmp/out" 2>"$tmp/err"
status=$?
echo "exit status: $status"; echo "stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"
[[ $status -eq 1 ]] || { echo "FAIL: expected exit status 1"; exit 1; }
grep -q 'train-images-idx3-ubyte' "$tmp/err" || { echo "FAIL: the message does not name the file"; exit 1; }
grep -qi 'idx' <(sed 's/train-images-idx3-ubyte//g' "$tmp/err") \
  || { echo "FAIL: the message does not say the file is not IDX"; exit 1; }
echo PASS
