#!/usr/bin/env bash
# Instructions per call of one phase of the layout benchmark, from callgrind (deterministic, unlike
# timings on a shared machine): the count for 40 calls minus the count for 10, over 30, so the
# setup (parsing, checking, lowering, the first solve) cancels out.
#
#   Benchmarks/instructions.sh flat 1000 layout        # shape, N, phase (resize|layout|solve|check|lower)
#   BENCH=/path/to/stackc-bench-layout Benchmarks/instructions.sh nested 1000 resize
set -euo pipefail
cd "$(dirname "$0")/.."
SHAPE=${1:-flat}
N=${2:-1000}
PHASE=${3:-layout}
SCRATCH=${SCRATCH:-.build-structured-release}
BENCH=${BENCH:-}
if [ -z "$BENCH" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product stackc-bench-layout >&2
    BENCH="$SCRATCH/release/stackc-bench-layout"
fi
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is needed" >&2; exit 2; }
count() {
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$BENCH" --shape "$SHAPE" --n "$N" --profile "$PHASE" --iterations "$1" 2>&1 \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
    rm -f "$out"
}
low=$(count 10)
high=$(count 40)
python3 -c "print(f'$SHAPE $N $PHASE: {($high - $low) / 30 / 1e6:.3f} M instructions per call')"
