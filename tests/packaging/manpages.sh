#!/usr/bin/env bash
# The manual pages written at build time: idxscope-cli's names every command the program lists, each command's
# options and the exit statuses; idxscope's its options; both render with man without warnings.
# usage: manpages.sh MAN_DIR CLI
set -uo pipefail
dir=$1 cli=$2
command -v man >/dev/null || { echo "SKIP: man-db not installed"; exit 77; }
fail=0
render() { MANWIDTH=200 man --warnings -l "$1" 2>"$tmp/warnings" | col -b; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for page in idxscope-cli idxscope; do
  [[ -f $dir/$page.1.gz ]] || { echo "FAIL no $dir/$page.1.gz"; fail=1; continue; }
  render "$dir/$page.1.gz" > "$tmp/$page.txt"
  if [[ -s $tmp/warnings ]]; then echo "FAIL $page: man warns:"; cat "$tmp/warnings"; fail=1; fi
done
text=$tmp/idxscope-cli.txt
for section in NAME SYNOPSIS DESCRIPTION "COMMANDS IN DETAIL" "EXIT STATUS" "SEE ALSO"; do
  grep -q "^$section" "$text" || { echo "FAIL idxscope-cli(1) has no $section"; fail=1; }
done
# Every command and every option of every command.
commands=$("$cli" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
[[ -n $commands ]] || { echo "FAIL no commands in --help"; fail=1; }
for command in $commands; do
  grep -q "idxscope-cli $command" "$text" || { echo "FAIL idxscope-cli(1) lacks $command"; fail=1; }
  for option in $("$cli" "$command" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
    grep -q -- "$option" "$text" || { echo "FAIL idxscope-cli(1) lacks $command $option"; fail=1; }
  done
done
grep -q "0 the files are equal, 1 they differ, 2 trouble" "$text" || { echo "FAIL no diff exit status"; fail=1; }
# Nothing but the programs' help: no diagnostics of the run that wrote them.
if grep -E 'QStandardPaths|qt\.qpa|XDG_' "$text" "$tmp/idxscope.txt"; then echo "FAIL a page holds a diagnostic"; fail=1; fi
for option in --screenshot --size --new-instance; do
  grep -q -- "$option" "$tmp/idxscope.txt" || { echo "FAIL idxscope(1) lacks $option"; fail=1; }
done
[[ $fail -eq 0 ]] && echo "ok   both manual pages: $(echo "$commands" | wc -w) commands, every option"
exit $fail
