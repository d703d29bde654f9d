#!/usr/bin/env bash
# The bash completion of idxscope-cli, as bash-completion loads it: the commands, a command's options (from its
# --help), the values of --type and --byte-order, and files; the same in a German session.
# usage: completion.sh CLI SCRIPT
set -uo pipefail
cli=$1 script=$2
lib=/usr/share/bash-completion/bash_completion
[[ -f $lib ]] || { echo "SKIP: bash-completion not installed"; exit 77; }
# shellcheck disable=SC1090
source "$lib"
# shellcheck disable=SC1090
source "$script"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
touch "$tmp/train-images-idx3-ubyte.gz" "$tmp/train-labels-idx1-ubyte.gz" "$tmp/other.npy"

# Completes the last word of "$cli WORDS..." and prints the candidates, sorted, on one line.
candidates() {
  COMP_WORDS=("$cli" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _idxscope_cli
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

fail=0
expect() { # WANT WORDS...
  local want=$1 got
  shift
  got=$(candidates "$@")
  if [[ $got == "$want" ]]; then echo "ok   $* -> $got"; else echo "FAIL $*: got '$got', want '$want'"; fail=1; fi
}
expect "diff" d
expect "diff" help d
expect "" stats --bins ""
expect "map" ma
expect "--json" diff --j
expect "--byte-order" stats --byte
expect "float16 float32 float64" info --type flo
expect "little" stats --byte-order l
expect "$tmp/train-images-idx3-ubyte.gz $tmp/train-labels-idx1-ubyte.gz" diff "$tmp/train"
expect "" map --epochs ""
# Every option map --help names is offered.
for option in --labels --out --png --svg --size --seed --epochs --neighbours --components; do
  case " $(candidates map --) " in
    *" $option "*) ;;
    *) echo "FAIL map -- lacks $option"; fail=1 ;;
  esac
done
# In a German session (help and headings translated, LANGUAGE set as desktops set it) the same candidates.
export LANG=de_DE.UTF-8 LANGUAGE=de_DE:de
unset LC_ALL LC_MESSAGES
"$cli" --help | grep -q '^Befehle:' || { echo "FAIL the help is not German under LANG=de_DE.UTF-8"; fail=1; }
expect "diff" d
expect "import-npy import-png info" i
expect "--json" diff --j
expect "little" stats --byte-order l
exit $fail
