#!/usr/bin/env bash
# The translations are current and complete: lupdate run over every source that marks strings leaves each .ts
# file unchanged (no string is new, none vanished; idxscope_en.ts holds only the plural forms, lupdate
# -pluralonly), no message is unfinished, and every translation keeps its source's placeholders (%1, %L2, %n),
# accelerator (&), HTML tags and line-break count; numerus messages have two forms (German's and English's).
# Usage: translations.sh SOURCE_DIR LUPDATE
set -euo pipefail
src=$1 lupdate=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
mapfile -t sources < <(find core app \( -name '*.cpp' -o -name '*.h' \) -not -path '*/layering/*' | sort)
# As app/CMakeLists.txt gives them: app/cli (the Tr of the image commands in app/cli/images), core's folders
# and their private/ folders, so lupdate finds each class's scope.
includes=(-I app/i18n -I app/cli)
while read -r dir; do
    includes+=(-I "$dir")
done < <(find core -mindepth 1 -maxdepth 2 -type d -not -path '*/layering*' | sort)
status=0
for ts in resources/translations/*.ts; do
    cp "$ts" "$tmp/"
    options=(-locations none -no-obsolete)
    [[ $ts == *_en.ts ]] && options+=(-pluralonly)
    "$lupdate" "${options[@]}" "${includes[@]}" "${sources[@]}" -ts "$tmp/$(basename "$ts")" >"$tmp/log" 2>&1 || {
        cat "$tmp/log"
        exit 1
    }
    if ! cmp -s "$ts" "$tmp/$(basename "$ts")"; then
        echo "FAIL: $ts is not current (cmake --build build --target update_translations):"
        diff -u "$ts" "$tmp/$(basename "$ts")" | head -40 || true
        status=1
    fi
    python3 - "$ts" <<'PY' || status=1
import re, sys, xml.etree.ElementTree as ET
ts = sys.argv[1]
placeholder = re.compile(r'%L?\d|%n')
accelerator = re.compile(r'&(?![&#]|[a-z]+;)')
problems = 0
def problem(context, source, what):
    global problems
    problems += 1
    print(f'FAIL: {ts}: [{context}] {source!r}: {what}')
root = ET.parse(ts).getroot()
count = 0
for context in root.iter('context'):
    name = context.findtext('name')
    for m in context.iter('message'):
        count += 1
        source = m.findtext('source')
        tr = m.find('translation')
        if tr.get('type') in ('unfinished', 'vanished', 'obsolete'):
            problem(name, source, f'translation {tr.get("type")}')
            continue
        numerus = m.get('numerus') == 'yes'
        texts = [f.text or '' for f in tr.iter('numerusform')] if numerus else [tr.text or '']
        if numerus and len(texts) != 2:
            problem(name, source, f'{len(texts)} plural forms, German and English have 2')
        for text in texts:
            if not text:
                problem(name, source, 'empty translation')
                continue
            want = sorted(p for p in placeholder.findall(source) if not (numerus and p == '%n'))
            got = sorted(p for p in placeholder.findall(text) if not (numerus and p == '%n'))
            if want != got:
                problem(name, source, f'placeholders {want} became {got} in {text!r}')
            if len(accelerator.findall(source)) != len(accelerator.findall(text)):
                problem(name, source, f'accelerators differ in {text!r}')
            if sorted(re.findall(r'</?\w+>', source)) != sorted(re.findall(r'</?\w+>', text)):
                problem(name, source, f'HTML tags differ in {text!r}')
            if name != 'idxscope_cli' and source.count('\n') != text.count('\n'):
                problem(name, source, f'line breaks differ in {text!r}')
print(f'{ts}: {count} messages, {problems} problems')
sys.exit(1 if problems or count == 0 else 0)
PY
done
exit $status
