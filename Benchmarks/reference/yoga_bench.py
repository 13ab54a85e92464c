"""Yoga (through poga's C API bindings) on the flexbox tree equivalent to a stackc workload
(flexbox.json from stackc-bench-layout --export).

usage: yoga_bench.py DIR [--runs R] [--resizes K]
Prints one JSON line: the first layout pass on a freshly built tree (median), building the tree
(Python calls, for reference), and a relayout at a new width (mean over K widths, median of runs).

The flexbox tree mirrors the stack tree: hstack/vstack -> row/column, alignment -> align-items,
equalSpacing -> space-between, fillEqually -> grow 1 with basis 0, fill -> the first item grows (the
tie rule's "first item stretches"), spacing and custom spacing -> leading margins, layout margins ->
padding, leaf intrinsic sizes -> width/height with shrink 1. Flexbox has no priorities, so frames are
not compared: this measures the work of an O(n) flexbox engine on the same shape.
"""
import json
import statistics
import sys
import time

from poga.libpoga_capi import (
    YGAlign, YGDirection, YGEdge, YGFlexDirection, YGJustify, YGNodeCalculateLayout, YGNodeFreeRecursive,
    YGNodeInsertChild, YGNodeLayoutGetWidth, YGNodeNew, YGNodeStyleSetAlignItems, YGNodeStyleSetFlexBasis,
    YGNodeStyleSetFlexDirection, YGNodeStyleSetFlexGrow, YGNodeStyleSetFlexShrink, YGNodeStyleSetHeight,
    YGNodeStyleSetJustifyContent, YGNodeStyleSetMargin, YGNodeStyleSetPadding, YGNodeStyleSetWidth, YGUndefined,
)

ALIGN = {"stretch": YGAlign.Stretch, "flex-start": YGAlign.FlexStart, "flex-end": YGAlign.FlexEnd, "center": YGAlign.Center}


def build(spec):
    node = YGNodeNew()
    if "children" not in spec:
        YGNodeStyleSetWidth(node, float(spec["w"]))
        YGNodeStyleSetHeight(node, float(spec["h"]))
        YGNodeStyleSetFlexShrink(node, 1.0)
        return node
    row = spec["dir"] == "row"
    YGNodeStyleSetFlexDirection(node, YGFlexDirection.Row if row else YGFlexDirection.Column)
    YGNodeStyleSetAlignItems(node, ALIGN[spec["align"]])
    if spec["justify"] == "space-between":
        YGNodeStyleSetJustifyContent(node, YGJustify.SpaceBetween)
    top, leading, bottom, trailing = spec["padding"]
    for edge, value in ((YGEdge.Top, top), (YGEdge.Left, leading), (YGEdge.Bottom, bottom), (YGEdge.Right, trailing)):
        if value:
            YGNodeStyleSetPadding(node, edge, float(value))
    previous_after = None
    for index, child_spec in enumerate(spec["children"]):
        child = build(child_spec)
        if child_spec.get("grow"):
            YGNodeStyleSetFlexGrow(child, 1.0)
        if child_spec.get("basis0"):
            YGNodeStyleSetFlexBasis(child, 0.0)
        if index > 0:
            gap = previous_after if previous_after is not None else spec["gap"]
            if gap:
                YGNodeStyleSetMargin(child, YGEdge.Left if row else YGEdge.Top, float(gap))
        previous_after = child_spec.get("after")
        YGNodeInsertChild(node, child, index)
    return node


def main():
    directory = sys.argv[1]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    resizes = int(sys.argv[sys.argv.index("--resizes") + 1]) if "--resizes" in sys.argv else 100
    with open(directory + "/flexbox.json") as f:
        spec = json.load(f)
    with open(directory + "/frames.json") as f:
        ours = json.load(f)
    width, natural = ours["width"], ours["natural"]
    builds, layouts, resize_times = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        root = build(spec)
        YGNodeStyleSetWidth(root, float(width))
        built = time.perf_counter()
        YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirection.LTR)
        laid = time.perf_counter()
        builds.append(built - start)
        layouts.append(laid - built)
        start = time.perf_counter()
        for step in range(resizes):
            YGNodeStyleSetWidth(root, float(round(natural * (0.7 + 0.6 * step / (resizes - 1)))))
            YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirection.LTR)
        resize_times.append((time.perf_counter() - start) / resizes)
        assert abs(YGNodeLayoutGetWidth(root) - round(natural * 1.3)) < 1
        YGNodeFreeRecursive(root)
    print(json.dumps({
        "build_ms": statistics.median(builds) * 1000,
        "layout_ms": statistics.median(layouts) * 1000,
        "resize_us": statistics.median(resize_times) * 1e6,
    }))


if __name__ == "__main__":
    main()
