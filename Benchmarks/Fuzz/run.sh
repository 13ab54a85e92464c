#!/usr/bin/env bash
# Builds a libFuzzer target and runs it: the front end (lexer, parser, checker; the default), the
# evaluator and checker on inputs up to 64 KB with the checked model's invariants (checker), or the
# language server's input path (framing, the JSON reader, message handling).
#
#   Benchmarks/Fuzz/run.sh                                       # front end, 60 seconds
#   FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh                      # ten minutes
#   FUZZ_TARGET=checker FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh  # the checker, ten minutes
#   FUZZ_TARGET=server FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh   # the language server, ten minutes
#   FUZZ_TYPECHECK=1 FUZZ_TARGET=server Benchmarks/Fuzz/run.sh    # only typecheck the harness (CI does, for each)
#
# The sources of the modules a target needs are compiled with its entry point (FuzzParser.swift,
# FuzzChecker.swift or FuzzServer.swift) as one module (their `import` lines of those modules removed), with
# -sanitize=fuzzer,address. The corpus starts from every sample under Samples/ (for the server, each
# framed as a didOpen message) and grows in $FUZZ_WORK/corpus; crashes land in $FUZZ_WORK/artifacts.
# Reproduce a crash with: $FUZZ_WORK/fuzz-stack $FUZZ_WORK/artifacts/crash-<hash>
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
target="${FUZZ_TARGET:-parser}"
case "$target" in
    parser) top=StackSemantics; entry=FuzzParser.swift; dict=stack.dict; default_work=fuzz ;;
    checker) top=StackSemantics; entry=FuzzChecker.swift; dict=stack.dict; default_work=fuzz-checker
             length="-max_len=65536 -len_control=0" ;;
    server) top=StackLanguageServer; entry=FuzzServer.swift; dict=server.dict; default_work=fuzz-server ;;
    *) echo "FUZZ_TARGET must be parser, checker or server, not '$target'" >&2; exit 2 ;;
esac

# The target's module and every module of Sources/ it imports, transitively: read from the sources'
# `import` lines, so that a module added to the package cannot leave the fuzzer unbuildable.
modules_of() {
    local pending="$1" seen="" module
    while [ -n "$pending" ]; do
        module="${pending%% *}"
        pending="${pending#"$module"}"; pending="${pending# }"
        case " $seen " in *" $module "*) continue ;; esac
        seen="$seen $module"
        for imported in $(find "$root/Sources/$module" -name '*.swift' -exec sed -n 's/^import \(Stack[A-Za-z]*\)$/\1/p' {} + | sort -u); do
            [ -d "$root/Sources/$imported" ] && pending="$pending $imported"
        done
        pending="${pending# }"
    done
    echo "${seen# }"
}
modules="$(modules_of "$top")"
length="${length:--max_len=8192}"
work="${FUZZ_WORK:-$root/.build-fuzz/$default_work}"
seconds="${FUZZ_SECONDS:-60}"
mkdir -p "$work/src" "$work/corpus" "$work/artifacts"
rm -f "$work/src/"*.swift

# Their imports of each other, re-exports of single declarations included, name what is now one module.
imports="$(for module in $modules; do printf '/^import %s$/d;/^@_exported import [a-z]* %s[.][A-Za-z]*$/d;' "$module" "$module"; done)"
for module in $modules; do
    (cd "$root/Sources/$module" && find . -name '*.swift') | sort | while read -r file; do
        sed "$imports" "$root/Sources/$module/$file" > "$work/src/${module}_$(echo "${file#./}" | tr / _)"
    done
done
cp "$root/Benchmarks/Fuzz/$entry" "$work/src/"

if [ -n "${FUZZ_TYPECHECK:-}" ]; then
    # CI's check that the harness still compiles against the sources (no fuzzing, no sanitizer).
    swiftc -typecheck -parse-as-library -module-name StackFuzz "$work"/src/*.swift
    echo "$target harness: typechecks"
    exit 0
fi

echo "building $work/fuzz-stack"
# ld.gold warns about every ASan helper it cannot export; the warnings are harmless.
swiftc -sanitize=fuzzer,address -parse-as-library -module-name StackFuzz -O -g \
    "$work"/src/*.swift -o "$work/fuzz-stack" 2>&1 | { grep -v "Cannot export local symbol" || true; }

if [ "$target" = server ]; then
    python3 "$root/Benchmarks/Fuzz/server_corpus.py" "$root/Samples" "$work/corpus"
else
    find "$root/Samples" -name '*.stack' -exec cp {} "$work/corpus/" \;
fi

cd "$work"
echo "fuzzing for $seconds s; log: $work/fuzz-0.log"
status=0
# shellcheck disable=SC2086 # $length is two options
./fuzz-stack corpus -dict="$root/Benchmarks/Fuzz/$dict" -max_total_time="$seconds" $length -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix="$work/artifacts/" -print_final_stats=1 -jobs=1 -workers=1 \
    > "$work/fuzz-run.log" 2>&1 || status=$?
echo "last progress lines (#runs, cov: edges, ft: features, corp: corpus units/size, exec/s):"
grep -E "^#[0-9]+" fuzz-0.log | tail -n 3
grep -E "^(stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" fuzz-0.log || true
exit $status
