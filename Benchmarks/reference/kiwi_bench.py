"""kiwisolver on stackc's own constraint IR (ConstraintIR.json from stackc-bench-layout --export).

usage: kiwi_bench.py DIR [--runs R] [--resizes K]
Prints one JSON line: build+solve time (median), resize time (mean over K widths, median of runs),
and how many frames agree with stackc's (frames.json) to 1e-3.

Priorities map to kiwi strengths as 10^(8 p / 1000) (p = 1000 is kiwi's required). Kiwi minimises
one weighted sum, so a large enough amount of low-priority violation can outweigh a high-priority
one; stackc (like Auto Layout) orders priorities strictly and breaks ties by constraint order
(the earliest absorbs). Kiwi has no such tie rule: where several items tie, it picks a vertex of its
own, so frames are compared and agreement is reported rather than required.
"""
import json
import statistics
import sys
import time

import kiwisolver as kiwi


def load(directory):
    with open(directory + "/ConstraintIR.json") as f:
        ir = json.load(f)
    with open(directory + "/frames.json") as f:
        frames = json.load(f)
    return ir, frames


def build(ir, width):
    names = {item["name"]: i for i, item in enumerate(ir["items"])}
    count = len(ir["items"])
    xs = [kiwi.Variable() for _ in range(count)]
    ys = [kiwi.Variable() for _ in range(count)]
    ws = [kiwi.Variable() for _ in range(count)]
    hs = [kiwi.Variable() for _ in range(count)]
    fb = [kiwi.Variable() for _ in range(count)]
    lb = [kiwi.Variable() for _ in range(count)]

    def expr(anchor):
        i = names[anchor["item"]]
        a = anchor["attribute"]
        if a in ("leading", "left"):
            return xs[i] + 0
        if a in ("trailing", "right"):
            return xs[i] + ws[i]
        if a == "centerX":
            return xs[i] + 0.5 * ws[i]
        if a == "width":
            return ws[i] + 0
        if a == "top":
            return ys[i] + 0
        if a == "bottom":
            return ys[i] + hs[i]
        if a == "centerY":
            return ys[i] + 0.5 * hs[i]
        if a == "height":
            return hs[i] + 0
        if a == "firstBaseline":
            return fb[i] + 0
        return lb[i] + 0

    solver = kiwi.Solver()
    solver.addConstraint(xs[0] == 0)
    solver.addConstraint(ys[0] == 0)
    for c in ir["constraints"]:
        left = expr(c["first"])
        right = c["constant"] + (c["multiplier"] * expr(c["second"]) if c["second"] else 0)
        if c["relation"] == "==":
            constraint = left == right
        elif c["relation"] == "<=":
            constraint = left <= right
        else:
            constraint = left >= right
        p = min(c["priority"], 1000)
        strength = kiwi.strength.required if p >= 1000 else 10 ** (8 * p / 1000)
        solver.addConstraint(constraint | strength)
    # The container width: an edit variable stronger than every mapped priority, below required.
    solver.addEditVariable(ws[0], 1e9)
    solver.suggestValue(ws[0], width)
    solver.updateVariables()
    return solver, (xs, ys, ws, hs)


def main():
    directory = sys.argv[1]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    resizes = int(sys.argv[sys.argv.index("--resizes") + 1]) if "--resizes" in sys.argv else 100
    ir, ours = load(directory)
    width = ours["width"]
    natural = ours["natural"]
    builds, resize_times = [], []
    solver = variables = None
    for _ in range(runs):
        start = time.perf_counter()
        solver, variables = build(ir, width)
        builds.append(time.perf_counter() - start)
    xs, ys, ws, hs = variables
    agree = 0
    compared = 0
    for i, item in enumerate(ir["items"]):
        if item["kind"] == "guide":
            continue
        compared += 1
        f = ours["frames"][i]
        k = (xs[i].value(), ys[i].value(), ws[i].value(), hs[i].value())
        if all(abs(a - b) <= 1e-3 for a, b in zip(f, k)):
            agree += 1
    for _ in range(runs):
        start = time.perf_counter()
        for step in range(resizes):
            solver.suggestValue(ws[0], round(natural * (0.7 + 0.6 * step / (resizes - 1))))
            solver.updateVariables()
        resize_times.append((time.perf_counter() - start) / resizes)
    print(json.dumps({
        "build_solve_ms": statistics.median(builds) * 1000,
        "resize_us": statistics.median(resize_times) * 1e6,
        "frames_agree": agree, "frames_compared": compared,
    }))


if __name__ == "__main__":
    main()
