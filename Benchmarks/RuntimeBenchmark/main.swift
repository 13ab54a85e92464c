// StackRuntime benchmark: `layoutIfNeeded` of a layout `stackc build` generated (issue 14's runtime
// targets). Built by Benchmarks/runtime_bench.sh into its own package with the generated file beside
// this one; the layout's root is `main` and its labels are `SizedUILabel`s (solver_workloads.py).
//
// Per run: install the layout in a fresh container, time the first layoutIfNeeded; then, 20 times,
// change one label's intrinsic size and time layoutIfNeeded again. With --written the container's
// mask is set again after install, which ends the adopted stack structure: every layout then solves
// the constraints as written (the general solver), the reference. Prints one JSON line of medians.

import Foundation
import StackRuntime

@MainActor
func measure(runs: Int, written: Bool) -> (first: [Double], change: [Double], checksum: Double) {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }
    var first: [Double] = []
    var change: [Double] = []
    var checksum = 0.0
    for run in 0..<runs {
        let layout = MainLayout()
        let container = UIView()
        layout.install(in: container)
        if written { container.translatesAutoresizingMaskIntoConstraints = true }
        var start = now()
        container.layoutIfNeeded()
        first.append(now() - start)
        let labels = container.subviews.compactMap { $0 as? MainLayout.SizedUILabel }
        for step in 0..<(written ? 3 : 20) where !labels.isEmpty {
            let label = labels[(run * 131 + step * 37) % labels.count]
            label.intrinsicSize = CGSize(width: label.intrinsicSize.width + 5, height: label.intrinsicSize.height + 3)
            start = now()
            container.layoutIfNeeded()
            change.append(now() - start)
        }
        checksum += labels.reduce(0) { $0 + Double($1.frame.maxX + $1.frame.maxY) }
    }
    return (first, change, checksum)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

let arguments = CommandLine.arguments
let written = arguments.contains("--written")
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? (written ? 3 : 21)
let result = MainActor.assumeIsolated { measure(runs: runs, written: written) }
print("{\"solved\":\"\(written ? "as written" : "adopted stacks")\",\"runs\":\(runs),"
      + "\"first_layout_ms\":\(median(result.first)),\"after_one_change_ms\":\(median(result.change)),\"checksum\":\(result.checksum)}")
