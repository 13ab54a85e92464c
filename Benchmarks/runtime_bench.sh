#!/usr/bin/env bash
# StackRuntime's layoutIfNeeded on generated 1,000-view layouts (issue 14's runtime targets).
#
#   bash Benchmarks/runtime_bench.sh [N] [SHAPES]      # defaults: 1000 "flat nested"
#
# Generates each workload (solver_workloads.py, plain), runs `stackc build` on it, and builds
# Benchmarks/RuntimeBenchmark/main.swift with the generated file, in release, as its own package
# depending on this one, in a temporary folder. The generated file itself is compiled with -Onone:
# what is timed is StackRuntime and the solver (optimized), and the optimizer takes tens of minutes
# on a generated install(in:) of thousands of statements. Prints, per shape, one JSON line for the adopted
# stack structure and one for the same layout solved as written (the general solver).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-1000}"
shapes="${2:-flat nested}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build -c release --product stackc --package-path "$root" >/dev/null
stackc="$(swift build -c release --product stackc --package-path "$root" --show-bin-path)/stackc"
for shape in $shapes; do
    package="$work/$shape"
    mkdir -p "$package/Sources/Bench"
    cat > "$package/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Bench",
    dependencies: [.package(name: "stackc", path: "$root")],
    targets: [.executableTarget(name: "Bench", dependencies: [.product(name: "StackRuntime", package: "stackc")],
                                swiftSettings: [.define("STACKC_RUNTIME"), .unsafeFlags(["-Onone"])])]
)
SWIFT
    python3 -c "import sys; sys.path.insert(0, '$root/Benchmarks'); import solver_workloads as w; sys.stdout.write(w.$shape($n, 'plain'))" > "$work/$shape.stack"
    "$stackc" build "$work/$shape.stack" -o "$package/Sources/Bench/Layout.swift" 2>/dev/null
    cp "$root/Benchmarks/RuntimeBenchmark/main.swift" "$package/Sources/Bench/main.swift"
    swift build -c release --package-path "$package" >/dev/null
    bench="$(swift build -c release --package-path "$package" --show-bin-path)/Bench"
    printf '{"shape":"%s","n":%s}\n' "$shape" "$n"
    "$bench"
    "$bench" --written
done
