#!/usr/bin/env bash
# Runs the layout benchmarks in one go and prints a table with ratios: stackc's structured solver
# (stackc-bench-layout, release build) against kiwisolver on stackc's own IR and Yoga (poga) on the
# equivalent flexbox tree, in the same run. See Benchmarks/RESULTS.md.
#
#   Benchmarks/run.sh            # N = 10 ... 100,000 (kiwi up to KIWI_MAX_N, Yoga up to YOGA_MAX_N)
#   RUNS=7 KIWI_MAX_N=1000 YOGA_MAX_N=10000 NS="10 100 1000 10000 100000" Benchmarks/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
KIWI_MAX_N=${KIWI_MAX_N:-1000}
YOGA_MAX_N=${YOGA_MAX_N:-10000}
NS=${NS:-"10 100 1000 10000 100000"}
SCRATCH=${SCRATCH:-.build-structured-release}
OUT=${OUT:-$SCRATCH/bench-layout}
[ -x .build-venv-bench/bin/python ] || bash Benchmarks/setup.sh
swift build -c release --scratch-path "$SCRATCH" --product stackc-bench-layout >&2
BENCH="$SCRATCH/release/stackc-bench-layout"
PY=.build-venv-bench/bin/python
mkdir -p "$OUT"
RESULTS="$OUT/results.jsonl"
: > "$RESULTS"
for shape in flat nested; do
    for n in $NS; do
        dir="$OUT/$shape-$n"
        runs=$RUNS
        [ "$n" -ge 100000 ] && runs=3
        ours=$("$BENCH" --shape "$shape" --n "$n" --runs "$runs" --export "$dir")
        kiwi=null
        yoga=null
        if [ "$n" -le "$KIWI_MAX_N" ]; then kiwi=$("$PY" Benchmarks/reference/kiwi_bench.py "$dir" --runs 3); fi
        if [ "$n" -le "$YOGA_MAX_N" ]; then yoga=$("$PY" Benchmarks/reference/yoga_bench.py "$dir" --runs "$runs"); fi
        echo "{\"ours\":$ours,\"kiwi\":$kiwi,\"yoga\":$yoga}" >> "$RESULTS"
        echo "done $shape $n" >&2
    done
done
"$PY" - "$RESULTS" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
def f(v, digits=3):
    return "-" if v is None else (f"{v:.{digits}f}" if v < 100 else f"{v:.0f}")
def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else (f"{a / b:.0f}x" if a / b >= 10 else f"{a / b:.1f}x")
print("| shape | N | nodes | structured | text->frames ms | solve from IR ms | layout pass ms | resize us | peak MB | kiwi build+solve ms | kiwi resize us | kiwi frames agree | kiwi / solve | kiwi / resize | Yoga layout ms | Yoga relayout us | Yoga / layout pass | Yoga / solve | Yoga relayout / resize |")
print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    o, k, y = r["ours"], r["kiwi"] or {}, r["yoga"] or {}
    print(f"| {o['shape']} | {o['n']} | {o['nodes']} | {'yes' if o['structured'] else 'NO'} | {f(o['full_ms'])} | {f(o['solve_ms'])} | {f(o['layout_ms'])} | {f(o['resize_us'], 1)} | {f(o['hwm_mb'], 1)} "
          f"| {f(k.get('build_solve_ms'))} | {f(k.get('resize_us'), 1)} | {str(k['frames_agree']) + '/' + str(k['frames_compared']) if k else '-'} "
          f"| {ratio(k.get('build_solve_ms'), o['solve_ms'])} | {ratio(k.get('resize_us'), o['resize_us'])} "
          f"| {f(y.get('layout_ms'))} | {f(y.get('resize_us'), 1)} | {ratio(y.get('layout_ms'), o['layout_ms'])} | {ratio(y.get('layout_ms'), o['solve_ms'])} | {ratio(y.get('resize_us'), o['resize_us'])} |")
print()
print("text->frames = parse + check + lower + solve from the .stack text (phases check_ms, lower_ms in results.jsonl); solve from IR = solveLayout (model read from the IR, bottom-up, top-down); layout pass = LayoutEngine.relayoutAll on the kept model (bottom-up + top-down); resize = LayoutEngine.resize (top-down). Ratios > 1x mean stackc is faster.")
PY
