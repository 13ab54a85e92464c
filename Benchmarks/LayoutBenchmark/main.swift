// Layout benchmark for the structured solver: see Benchmarks/RESULTS.md and Benchmarks/run.sh.
//
//   swift build -c release --scratch-path .build-structured-release --product stackc-bench-layout
//   .build-structured-release/release/stackc-bench-layout --shape flat --n 1000 [--runs 7] [--export DIR] [--general]
//   .build-structured-release/release/stackc-bench-layout --file nested-spread-10000.stack [--runs 7]
//
// One workload per process (so the peak memory, VmHWM, is that workload's): generates the `.stack`
// text of a flat stack of N views or a nested tree (depth 3: sections, columns, views; mixed
// distributions and alignments), then reports medians of: parse+check+lower+solve from the text; the
// solve alone from the IR (structured solver: model from the IR, bottom-up and top-down); the layout
// pass on a kept model (engine.relayoutAll: bottom-up and top-down, no IR reading); a resize (engine,
// top-down only) averaged over 100 widths. It prints one JSON line. With --export it writes ConstraintIR.json,
// flexbox.json (the equivalent flexbox tree for Yoga) and frames.json (our frames at the benchmark
// width) for Benchmarks/reference/*.py. With --file it times a `.stack` file instead (solver_workloads.py
// writes them: user constraints, conflicts, ambiguity); a layout the structured solver does not answer
// alone has no layout pass or resize to time (null).

import Foundation
import StackIR
import StackSemantics
import StackSolver
import StackSyntax

struct Options {
    var shape = "flat"
    var n = 1000
    var runs = 7
    var export: String?
    var general = false
    var checksum = false
    var profile: String?
    /// With `--profile`: a fixed number of calls instead of 5 seconds (for instruction counts).
    var iterations: Int?
    var file: String?

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--shape": shape = iterator.next() ?? shape
            case "--n": n = iterator.next().flatMap(Int.init) ?? n
            case "--runs": runs = max(1, iterator.next().flatMap(Int.init) ?? runs)
            case "--export": export = iterator.next()
            case "--general": general = true
            case "--checksum": checksum = true
            case "--profile": profile = iterator.next()
            case "--iterations": iterations = iterator.next().flatMap(Int.init)
            case "--file": file = iterator.next()
            default:
                FileHandle.standardError.write("usage: stackc-bench-layout (--shape flat|nested --n N | --file PATH) [--runs R] [--export DIR] [--general] [--checksum] [--profile resize|layout|intrinsic|solve|check|lower [--iterations K]]\n".data(using: .utf8)!)
                exit(2)
            }
        }
    }
}

/// The `.stack` text of a workload with `n` views.
func workload(shape: String, n: Int) -> String {
    var text = ""
    text.reserveCapacity(n * 48)
    func size(_ i: Int) -> String { "\(10 + (i * 7) % 31) x \(10 + (i * 13) % 23)" }
    if shape == "flat" {
        text += "hstack main(spacing: 2) {\n"
        // Views are named, as in real files (generated names were quadratic in siblings before c81a932).
        for i in 0..<n { text += "    label v\(i)(intrinsic: \(size(i)))\n" }
        text += "}\n"
        return text
    }
    // Nested: sections (hstacks) of columns (vstacks) of views, 10 views per column, 10 columns per section.
    let perColumn = n >= 100 ? 10 : max(1, n / 2)
    let perSection = n >= 100 ? 10 : 2
    let sections = max(1, n / (perColumn * perSection))
    let distributions = ["fill", "equalSpacing", "fillEqually"]
    let sectionAlignments = ["center", "top", "fill", "bottom"]
    let columnAlignments = ["leading", "center", "fill", "trailing"]
    text += "vstack main(spacing: 4) {\n"
    var view = 0
    for s in 0..<sections {
        let margins = s % 3 == 0 ? ", margins: (4, 8)" : ""
        text += "    hstack(distribution: \(distributions[s % 3]), alignment: \(sectionAlignments[s % 4]), spacing: 8\(margins)) {\n"
        for c in 0..<perSection {
            let after = c % 4 == 1 ? ", spacingAfter: 12" : ""
            text += "        vstack(alignment: \(columnAlignments[(s + c) % 4]), spacing: 2\(after)) {\n"
            for _ in 0..<perColumn {
                text += "            label v\(view)(intrinsic: \(size(view)))\n"
                view += 1
            }
            text += "        }\n"
        }
        text += "    }\n"
    }
    text += "}\n"
    return text
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func statusMB(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return (line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1024
    }
    return 0
}

/// The flexbox equivalent of a tree, for Yoga: rows and columns, alignment, gaps, padding, leaf sizes.
func flexbox(_ tree: LayoutTree, _ index: Int = 0) -> String {
    let node = tree.nodes[index]
    guard let stack = node.stack else {
        let w = node.leaf?.intrinsic.horizontal ?? 0
        let h = node.leaf?.intrinsic.vertical ?? 0
        return "{\"w\":\(w),\"h\":\(h)}"
    }
    let align: String
    switch stack.alignment {
    case .fill: align = "stretch"
    case .leading: align = "flex-start"
    case .trailing: align = "flex-end"
    default: align = "center"
    }
    let justify = stack.distribution == .equalSpacing ? "space-between" : "flex-start"
    let m = stack.layoutMarginsRelative ? stack.margins : .zero
    let children = node.children.enumerated().map { offset, child -> String in
        let grow = stack.distribution == .fillEqually ? 1 : (stack.distribution == .fill && offset == 0 ? 1 : 0)
        let basisZero = stack.distribution == .fillEqually
        var inner = flexbox(tree, child)
        inner.removeFirst()
        return "{\"grow\":\(grow),\"basis0\":\(basisZero),\"after\":\(tree.nodes[child].spacingAfter.map { "\($0)" } ?? "null")," + inner
    }
    return "{\"dir\":\"\(stack.axis == .horizontal ? "row" : "column")\",\"align\":\"\(align)\",\"justify\":\"\(justify)\","
        + "\"gap\":\(stack.spacing),\"padding\":[\(m.top),\(m.leading),\(m.bottom),\(m.trailing)],\"children\":[" + children.joined(separator: ",") + "]}"
}

let options = Options(CommandLine.arguments)
let text: String
if let path = options.file {
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write("cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    text = contents
} else {
    text = workload(shape: options.shape, n: options.n)
}
let file = SourceFile(path: options.file ?? "\(options.shape)-\(options.n).stack", text: text)

// Natural size first, to choose the benchmark width (natural + 10%) and the resize range (70%...130%).
let checked = check(file)
guard !checked.diagnostics.hasErrors, let tree = checked.model.roots.first else {
    FileHandle.standardError.write("generated workload does not check\n".data(using: .utf8)!)
    exit(1)
}
let ir = lower(tree, in: file)
let natural = solveLayout(ir: ir)
let width = (natural.width * 1.1).rounded()
let structured = LayoutEngine(ir: ir, width: width).lastSolveWasStructured

var fullTimes: [Double] = []
var solveTimes: [Double] = []
var resizeTimes: [Double] = []
var checkTimes: [Double] = []
var layoutTimes: [Double] = []
var lowerTimes: [Double] = []
var frames: [Frame] = []
for _ in 0..<options.runs {
    let start = now()
    let c = check(SourceFile(path: file.path, text: text))
    let checkedAt = now()
    let irs = lower(c.model)
    let loweredAt = now()
    let solution = solveLayout(ir: irs[0], width: width)
    fullTimes.append(now() - start)
    checkTimes.append(checkedAt - start)
    lowerTimes.append(loweredAt - checkedAt)
    let solveStart = now()
    let alone = solveLayout(ir: ir, width: width)
    solveTimes.append(now() - solveStart)
    frames = alone.frames
    precondition(solution.frames.count == alone.frames.count)
    guard structured else { continue }
    let engine = LayoutEngine(ir: ir, width: width)
    let layoutStart = now()
    engine.relayoutAll()
    layoutTimes.append(now() - layoutStart)
    let resizeStart = now()
    for step in 0..<100 {
        engine.resize(width: (natural.width * (0.7 + 0.6 * Double(step) / 99)).rounded(), height: nil)
    }
    resizeTimes.append((now() - resizeStart) / 100)
}
/// A hash of every frame's bits over solves, a resize sweep (both axes) and a relayout: equal before
/// and after a solver change means bit-identical frames.
if options.checksum {
    var hash: UInt64 = 1469598103934665603
    func feed(_ solution: LayoutSolution) {
        for f in solution.frames {
            for v in [f.x, f.y, f.width, f.height] { hash = (hash ^ v.bitPattern) &* 1099511628211 }
        }
        for d in solution.determined { hash = (hash ^ (d.isComplete ? 1 : 0)) &* 1099511628211 }
    }
    feed(solveLayout(ir: ir))
    feed(solveLayout(ir: ir, width: width))
    let engine = LayoutEngine(ir: ir, width: width)
    feed(engine.solution)
    for step in 0..<100 {
        let w = (natural.width * (0.7 + 0.6 * Double(step) / 99)).rounded() + (step % 3 == 0 ? 0.37 : 0)
        let h: Double? = step % 10 == 0 ? nil : natural.height * (0.9 + 0.002 * Double(step)) + 0.1
        feed(engine.resize(width: w, height: step % 7 == 0 ? nil : h))
        if step % 25 == 0 { feed(engine.relayoutAll()) }
    }
    print("checksum \(options.shape) \(options.n) \(String(hash, radix: 16))")
    exit(0)
}

/// A loop of one phase only (resize, layout, solve, check or lower; intrinsic: one leaf's intrinsic
/// size changes on both axes, as StackRuntime's layout after a label's text changes), for a profiler.
if let phase = options.profile {
    let engine = LayoutEngine(ir: ir, width: width)
    let leaves = ir.items.indices.filter { ir.items[$0].kind != .guide && !ir.items[$0].kind.isStack }
    let start = now()
    var count = 0
    while options.iterations.map({ count < $0 }) ?? (now() - start < 5) {
        switch phase {
        case "resize": engine.resize(width: (natural.width * (0.7 + 0.6 * Double(count % 100) / 99)).rounded(), height: nil)
        case "layout": engine.relayoutAll()
        case "intrinsic":
            let leaf = leaves[(count * 37) % leaves.count]
            let grow = Double(count % 7)
            engine.setIntrinsicSizes([IntrinsicSize(node: leaf, axis: .horizontal, value: 20 + grow),
                                      IntrinsicSize(node: leaf, axis: .vertical, value: 15 + grow)])
        case "check": _ = check(SourceFile(path: file.path, text: text))
        case "lower": _ = lower(checked.model)
        default: _ = solveLayout(ir: ir, width: width)
        }
        count += 1
    }
    print("\(phase): \((now() - start) * 1e6 / Double(count)) us per call")
    exit(0)
}

var generalMs: Double? = nil
if options.general {
    let start = now()
    _ = solve(ir, width: width)
    generalMs = (now() - start) * 1000
}

if let directory = options.export {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try? ir.json.rendered().write(toFile: directory + "/ConstraintIR.json", atomically: true, encoding: .utf8)
    try? flexbox(tree).write(toFile: directory + "/flexbox.json", atomically: true, encoding: .utf8)
    let frameText = "{\"width\":\(width),\"natural\":\(natural.width),\"frames\":["
        + frames.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }.joined(separator: ",") + "]}"
    try? frameText.write(toFile: directory + "/frames.json", atomically: true, encoding: .utf8)
}

let views = tree.nodes.count
print("{\"shape\":\"\(options.file ?? options.shape)\",\"n\":\(options.n),\"nodes\":\(views),\"constraints\":\(ir.constraints.count),"
    + "\"structured\":\(structured),\"width\":\(width),\"full_ms\":\(median(fullTimes) * 1000),"
    + "\"check_ms\":\(median(checkTimes) * 1000),\"lower_ms\":\(median(lowerTimes) * 1000),"
    + "\"layout_ms\":\(layoutTimes.isEmpty ? "null" : "\(median(layoutTimes) * 1000)"),"
    + "\"solve_ms\":\(median(solveTimes) * 1000),\"resize_us\":\(resizeTimes.isEmpty ? "null" : "\(median(resizeTimes) * 1e6)"),"
    + "\"general_ms\":\(generalMs.map { "\($0)" } ?? "null"),\"hwm_mb\":\(statusMB("VmHWM"))}")
