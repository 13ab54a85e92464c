#!/usr/bin/env bash
# Builds a libFuzzer target and runs it: the front end (lexer, parser, checker; the default), the
# evaluator and checker on inputs up to 64 KB with the checked model's invariants (checker), or the
# language server's input path (framing, the JSON reader, message handling).
#
#   Benchmarks/Fuzz/run.sh                                       # front end, 60 seconds
#   FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh                      # ten minutes
#   FUZZ_TARGET=checker FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh  # the checker, ten minutes
#   FUZZ_TARGET=server FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh   # the language server, ten minutes
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
    parser) modules="StackSyntax StackSemantics"; entry=FuzzParser.swift; dict=stack.dict; default_work=fuzz ;;
    checker) modules="StackSyntax StackSemantics"; entry=FuzzChecker.swift; dict=stack.dict; default_work=fuzz-checker
             length="-max_len=65536 -len_control=0" ;;
    server) modules="StackSyntax StackSemantics StackIR StackSolver StackDriver StackLanguageServer"
            entry=FuzzServer.swift; dict=server.dict; default_work=fuzz-server ;;
    *) echo "FUZZ_TARGET must be parser, checker or server, not '$target'" >&2; exit 2 ;;
esac
length="${length:--max_len=8192}"
work="${FUZZ_WORK:-$root/.build-fuzz/$default_work}"
seconds="${FUZZ_SECONDS:-60}"
mkdir -p "$work/src" "$work/corpus" "$work/artifacts"
rm -f "$work/src/"*.swift

imports="$(for module in $modules; do printf '/^import %s$/d;' "$module"; done)"
for module in $modules; do
    (cd "$root/Sources/$module" && find . -name '*.swift') | sort | while read -r file; do
        sed "$imports" "$root/Sources/$module/$file" > "$work/src/${module}_$(echo "${file#./}" | tr / _)"
    done
done
cp "$root/Benchmarks/Fuzz/$entry" "$work/src/"

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
