#!/usr/bin/env bash
# Builds the libFuzzer target for the front end (lexer, parser, checker) and runs it.
#
#   Benchmarks/Fuzz/run.sh                   # 60 seconds
#   FUZZ_SECONDS=600 Benchmarks/Fuzz/run.sh  # ten minutes
#
# The sources of StackSyntax and StackSemantics are compiled with FuzzParser.swift as one module
# (their `import StackSyntax` lines removed), with -sanitize=fuzzer,address. The corpus starts from
# every sample under Samples/ and grows in $FUZZ_WORK/corpus; crashes land in $FUZZ_WORK/artifacts.
# Reproduce a crash with: $FUZZ_WORK/fuzz-stack $FUZZ_WORK/artifacts/crash-<hash>
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${FUZZ_WORK:-$root/.build-fuzz/fuzz}"
seconds="${FUZZ_SECONDS:-60}"
mkdir -p "$work/src" "$work/corpus" "$work/artifacts"
rm -f "$work/src/"*.swift

for file in "$root"/Sources/StackSyntax/*.swift "$root"/Sources/StackSemantics/*.swift; do
    module="$(basename "$(dirname "$file")")"
    sed '/^import StackSyntax$/d' "$file" > "$work/src/${module}_$(basename "$file")"
done
cp "$root/Benchmarks/Fuzz/FuzzParser.swift" "$work/src/"

echo "building $work/fuzz-stack"
# ld.gold warns about every ASan helper it cannot export; the warnings are harmless.
swiftc -sanitize=fuzzer,address -parse-as-library -module-name StackFuzz -O -g \
    "$work"/src/*.swift -o "$work/fuzz-stack" 2>&1 | { grep -v "Cannot export local symbol" || true; }

find "$root/Samples" -name '*.stack' -exec cp {} "$work/corpus/" \;

cd "$work"
echo "fuzzing for $seconds s; log: $work/fuzz-0.log"
status=0
./fuzz-stack corpus -dict="$root/Benchmarks/Fuzz/stack.dict" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix="$work/artifacts/" -print_final_stats=1 -jobs=1 -workers=1 \
    > "$work/fuzz-run.log" 2>&1 || status=$?
echo "last progress lines (#runs, cov: edges, ft: features, corp: corpus units/size, exec/s):"
grep -E "^#[0-9]+" fuzz-0.log | tail -n 3
grep -E "^(stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" fuzz-0.log || true
exit $status
