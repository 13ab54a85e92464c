"""`stackc layout --explain-solver`, as README.md documents it: the commands there, run on the samples.

A stack-only sample is solved by the structured solver, stack by stack; a sample with a `constraints { }`
block goes to the general solver, which the output says with the user-constraints reason and the joint
groups it solved.
"""

from __future__ import annotations

import json

from stackc_process import REPO, render_picture, run

README = (REPO / "README.md").read_text(encoding="utf-8")


def test_the_readme_documents_these_commands():
    assert "$ stackc layout Samples/tabbar.stack --explain-solver" in README
    assert "$ stackc layout Samples/profile.stack --explain-solver" in README
    assert "$ stackc layout Samples/toolbar.stack --explain-solver" in README


def test_a_stack_only_sample_is_structured_stack_by_stack():
    result = run(["layout", "Samples/tabbar.stack", "--explain-solver"])
    assert result.returncode == 0, result.describe()
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "structured"
    assert explanation[1:] == [
        "  footer        vstack fill  structured: fill merge",
        "  footer.total  hstack fill  structured: fill merge",
        "  footer.tabs   hstack equalCentering  structured: equalCentering",
    ]
    # The README shows the same lines.
    for line in explanation[1:]:
        assert line in README
    # Lowered for iOS 9, the lastBaseline row shares its width at 760 (uikit-current §2.8, E8): its items
    # keep their own widths at the one row width where they fit.
    result = run(["layout", "Samples/tabbar.stack", "--explain-solver", "--uikit", "9"])
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "structured"
    assert explanation[2] == "  footer.total  hstack fill  structured: baseline row held widths"


def test_a_constraint_across_the_axes_joins_both_axes_groups():
    # `avatar.width == avatar.height` relates the axes: both axes' joint groups are one problem. Across
    # the card, the avatar's row and the name's column hang off the spine along one axis each.
    result = run(["layout", "Samples/profile.stack", "--explain-solver"])
    assert result.returncode == 0, result.describe()
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "general, both axes as one joint group"
    assert explanation[1] == "  card: user constraints (a constraints { } block) relate items across stacks"
    assert explanation[2].startswith("  general solver: the horizontal axis as a joint group of ")
    assert explanation[3] == "  solved with the vertical axis's group as one problem: 1 constraint relates the axes"
    assert explanation[4].startswith("  general solver: the vertical axis as a joint group of ")
    assert explanation[5] == "  solved with the horizontal axis's group as one problem: 1 constraint relates the axes"
    for line in explanation[1:]:
        assert line in README


def test_user_constraints_on_one_axis_split_the_layout_by_axis():
    result = run(["layout", "Samples/toolbar.stack", "--explain-solver"])
    assert result.returncode == 0, result.describe()
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "split by axis"
    assert explanation[1] == "  toolbar: user constraints (a constraints { } block) relate items across stacks"
    # The tools stack is untouched by `left.width == right.width`: it enters by its cost function.
    assert explanation[2] == (
        "  general solver: the horizontal axis as a joint group of 8 items and 19 linear constraints,"
        " with 1 stack outside it entering by cost functions (2 pieces);"
        " structured: inside those and the vertical axis")
    assert explanation[3:] == ["  toolbar        hstack fill  structured: fill merge",
                               "  toolbar.tools  hstack fill  structured: fill merge"]
    for line in explanation[1:]:
        assert line in README
    solver = json.loads(run(["layout", "Samples/toolbar.stack", "--explain-solver", "--format", "json"]).out)["solver"]
    assert (solver["path"], solver["reason"], solver["generalAxis"]) == ("split", "userConstraints", "horizontal")
    assert [stack["item"] for stack in solver["stacks"]] == ["toolbar", "toolbar.tools"]
    assert solver["joint"] == {"items": 8, "subtrees": 1, "runs": 0, "leaves": 0, "pieces": 2, "walkedHubs": [],
                               "afterStop": False, "brokenFirst": 0, "acrossAxes": 0}


def test_a_whole_solve_says_why_not_axis_by_axis(tmp_path):
    # `a.width == b.height` relates the axes, and neither axis leaves a stack or a run of items outside
    # its joint group: the general solver takes the whole layout, and says why not axis by axis.
    path = tmp_path / "pair.stack"
    path.write_text("hstack main {\n    label a(intrinsic: 40 x 20)\n    label b(intrinsic: 60 x 20)\n"
                    "    constraints {\n        a.width == b.height\n    }\n}\n")
    result = run(["layout", str(path), "--explain-solver"])
    assert result.returncode == 0, result.describe()
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "general"
    why = ("not axis by axis: user constraints relate the axes, and their joint group declines:"
           " no stack or run of items would be left outside it")
    assert explanation[2].startswith("  general solver: ") and explanation[2].endswith(f"solved as one group ({why})")
    assert why.split(": ...")[0].split(" declines:")[0] in README.replace("\n", " ")
    solver = json.loads(run(["layout", str(path), "--explain-solver", "--format", "json"]).out)["solver"]
    assert (solver["path"], solver["reason"]) == ("general", "userConstraints")
    assert solver["whole"] == {"reason": "acrossAxes", "description": why.removeprefix("not axis by axis: ")}


def test_a_conflict_is_broken_then_the_tree_solves_the_rest():
    result = run(["layout", "Samples/errors/conflict.stack", "--explain-solver"])
    assert result.returncode == 1, result.describe()
    explanation = result.out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation == [
        "structured, after breaking conflicts found in their subtrees",
        "  row: required constraints cannot all hold (horizontal)",
        "  conflicts found over the whole horizontal axis, 7 required constraints;"
        " structured: the layout without the broken ones",
        "  row  hstack fill  structured: fill merge",
    ]
    for line in explanation[1:]:
        assert line in README


def test_a_conflict_inside_a_stack_is_searched_there_alone(tmp_path):
    # A 10-point stack around a 44-point view, after labels that can stretch: the stack meets the row
    # only through its place and length, which the row leaves free. The search weighs the stack's four
    # required constraints (its width, its two edges, the view's width), and breaks the view's width,
    # the last of them, as UIKit does.
    labels = "\n".join(f"    label v{i}(intrinsic: 20 x 10)" for i in range(50))
    path = tmp_path / "row.stack"
    path.write_text(f"hstack main {{\n{labels}\n    hstack bad(width: 10) {{ view inner(width: 44, intrinsic: 10 x 10) }}\n}}\n")
    result = run(["layout", str(path), "--explain-solver", "--format", "json"])
    assert result.returncode == 1, result.describe()
    solver = json.loads(result.out)["solver"]
    assert (solver["path"], solver["reason"], solver["item"]) == ("subtreeConflicts", "conflict", "main.bad")
    assert solver["groups"] == [{"item": "main.bad", "axis": "horizontal", "constraints": 4}]
    checked = run(["check", str(path)])
    assert "breaking 'main.bad.inner.width == 44'" in checked.err
    assert "conflicts with 3 other constraints" in checked.err
    text = run(["layout", str(path), "--explain-solver"]).out
    assert "  conflicts found in main.bad alone (horizontal), 4 required constraints; structured: the layout without the broken ones" in text
    assert "conflicts found in main.bad alone (horizontal), 4 required" in README.replace("\n", " ")


def test_without_the_option_nothing_is_added():
    result = run(["layout", "Samples/tabbar.stack"])
    assert result.returncode == 0, result.describe()
    assert "solver:" not in result.out


def test_json_has_a_solver_object_per_layout():
    result = run(["layout", "Samples/profile.stack", "--explain-solver", "--format", "json"])
    assert result.returncode == 0, result.describe()
    solver = json.loads(result.out)["solver"]
    assert solver["path"] == "eachAxis"
    assert solver["reason"] == "userConstraints"
    assert [axis["axis"] for axis in solver["axes"]] == ["horizontal", "vertical"]
    assert [axis["joint"]["acrossAxes"] for axis in solver["axes"]] == [1, 1]

    result = run(["layout", "Samples/tabbar.stack", "--explain-solver", "--format", "json", "--width", "375,400", "--uikit", "9"])
    layouts = json.loads(result.out)
    assert [layout["solver"]["path"] for layout in layouts] == ["structured", "structured"]
    assert layouts[0]["solver"]["stacks"][0] == {
        "item": "footer", "kind": "vstack", "distribution": "fill", "mechanism": "fill merge"}


def test_a_requested_width_names_the_constraint_it_breaks(tmp_path):
    # `--width 50` replaces the row's own `width: 100` (one constraint fewer in the solved IR), and the
    # layout still names the constraint the solve broke, the one the E201 error names: b's width,
    # the last of the two 60-point views, five others with it (the requested width among them).
    result = run(["layout", "Samples/errors/conflict.stack", "--width", "50"])
    assert result.returncode == 1, result.describe()
    assert "broken: row.b.width == 60\n" in result.out
    assert "will attempt to recover by breaking 'row.b.width == 60'" in result.err
    # render lists it under the panel the same way.
    svg, rendered = render_picture(tmp_path, REPO / "Samples" / "errors" / "conflict.stack", "--width", "50")
    assert rendered.returncode == 1, rendered.describe()
    footer = ["".join(element.itertext()) for element in svg.iter() if element.get("class", "").split()[:1] == ["broken"]]
    assert "row.b.width == 60" in [line.strip() for line in footer], footer


def test_untouched_labels_between_constrained_ones_enter_as_one_run(tmp_path):
    # `a.width == d.width` touches the row's first and last labels; b and c between them are a run
    # that enters the joint solve by one merged cost function. Worked by hand: with the row free, a
    # and d grow to 40 (d's compression at 750 first, then the least hugging at 250), b and c keep
    # 20 and 30. At width 100, a and d take w each and b and c the rest, 100 - 2w: below w = 40 d is
    # compressed by 40 - w, above b + c = 50 they are compressed by 2w - 50, so the 750 violations,
    # (40 - w) + max(0, 2w - 50), are least at w = 25.
    path = tmp_path / "row.stack"
    path.write_text(
        "hstack main {\n"
        "    label a(intrinsic: 10 x 10)\n    label b(intrinsic: 20 x 10)\n"
        "    label c(intrinsic: 30 x 10)\n    label d(intrinsic: 40 x 10)\n"
        "    constraints {\n        a.width == d.width\n    }\n}\n")
    layouts = []
    for width in ([], ["--width", "100"]):
        result = run(["layout", str(path), "--explain-solver", "--format", "json"] + width)
        assert result.returncode == 0, result.describe()
        layouts.append(json.loads(result.out))
    spans = [{frame["item"]: (frame["x"], frame["width"]) for frame in layout["frames"]} for layout in layouts]
    assert spans[0] == {"main": (0, 130), "main.a": (0, 40), "main.b": (40, 20), "main.c": (60, 30), "main.d": (90, 40)}
    assert spans[1] == {"main": (0, 100), "main.a": (0, 25), "main.b": (25, 20), "main.c": (45, 30), "main.d": (75, 25)}
    for layout in layouts:
        joint = layout["solver"]["joint"]
        assert (joint["items"], joint["subtrees"], joint["runs"]) == (3, 0, 1)
    text = run(["layout", str(path), "--explain-solver"]).out
    assert "with 1 run of items outside it entering by cost functions" in text


def test_columns_with_their_own_constraints_are_walked_hubs(tmp_path):
    # Two leading-aligned columns of 16 rows, each row a constrained label and a 20-point one, and a
    # plain third column. In each column `x0.width == x1.width`, `x2 == x3`, ...: the label pairs take
    # the wider of 10 + 3i, so the widest row is 55 + 20 = 75 and each column is 75 wide; the third is
    # as wide as its wider label, 50. Every row is on the joint group's spine, so both columns are hubs
    # that nothing outside ties, walked in turn and released. At 300 points the first column absorbs
    # the 84 extra, as the tie rule gives the earliest item.
    columns = []
    for c in "ab":
        rows = "".join(f"        hstack {c}r{i} {{\n            label {c}{i}(intrinsic: {10 + 3 * i} x 10)\n"
                       f"            label {c}n{i}(intrinsic: 20 x 10)\n        }}\n" for i in range(16))
        pairs = "".join(f"            {c}{i}.width == {c}{i + 1}.width\n" for i in range(0, 16, 2))
        columns.append(f"    vstack {c}(alignment: leading) {{\n{rows}        constraints {{\n{pairs}        }}\n    }}\n")
    columns.append("    vstack c {\n        label c0(intrinsic: 40 x 10)\n        label c1(intrinsic: 50 x 10)\n    }\n")
    path = tmp_path / "columns.stack"
    path.write_text("hstack main(spacing: 8) {\n" + "".join(columns) + "}\n")
    for width, spans in (([], [(0, 75), (83, 75), (166, 50)]), (["--width", "300"], [(0, 159), (167, 75), (250, 50)])):
        result = run(["layout", str(path), "--explain-solver", "--format", "json"] + width)
        assert result.returncode == 0, result.describe()
        layout = json.loads(result.out)
        frames = {frame["item"]: (frame["x"], frame["width"]) for frame in layout["frames"]}
        assert [frames["main." + c] for c in "abc"] == spans
        assert layout["solver"]["joint"]["walkedHubs"] == ["main.a", "main.b"]
        text = run(["layout", str(path), "--explain-solver"] + width).out
        assert ("  walked hubs: main.a, main.b (their lengths pinned and walked in turn, then released and"
                " re-optimised)\n") in text


def test_user_constraints_on_both_axes_make_a_joint_group_per_axis(tmp_path):
    # Three rows, `a.width == d.width` and `c.height == d.height + 6`: neither axis is the tree
    # solver's alone, so each axis is solved by itself as a joint group. Worked by hand
    # (JointGroupTests.constraintsOnBothAxesAreTwoJointGroups): the stack is 65 wide (the middle row's
    # labels at their own widths), and the middle row 16 high, the bottom one 10 (d's compression at
    # 750 outranks c's and e's hugging at 250).
    path = tmp_path / "rows.stack"
    path.write_text(
        "vstack main {\n"
        "    hstack top {\n        label a(intrinsic: 30 x 10)\n        label b(intrinsic: 20 x 10)\n    }\n"
        "    hstack middle {\n        label c(intrinsic: 40 x 10)\n        label e(intrinsic: 25 x 10)\n    }\n"
        "    hstack bottom {\n        label d(intrinsic: 10 x 10)\n    }\n"
        "    constraints {\n        a.width == d.width\n        c.height == d.height + 6\n    }\n}\n")
    result = run(["layout", str(path), "--explain-solver", "--format", "json"])
    assert result.returncode == 0, result.describe()
    layout = json.loads(result.out)
    frames = {frame["item"]: [frame["x"], frame["y"], frame["width"], frame["height"]] for frame in layout["frames"]}
    assert frames["main"] == [0, 0, 65, 36]
    assert frames["main.middle.c"] == [0, 10, 40, 16]
    assert frames["main.bottom.d"] == [0, 26, 65, 10]
    solver = layout["solver"]
    assert (solver["path"], solver["reason"]) == ("eachAxis", "userConstraints")
    assert [axis["axis"] for axis in solver["axes"]] == ["horizontal", "vertical"]
    assert all(axis["joint"]["subtrees"] == 1 for axis in solver["axes"])
    explanation = run(["layout", str(path), "--explain-solver"]).out.split("\nsolver: ", 1)[1].splitlines()
    assert explanation[0] == "general, each axis alone"
    assert explanation[1] == "  main: user constraints (a constraints { } block) relate items across stacks"
    assert explanation[2].startswith("  general solver: the horizontal axis as a joint group of ")
    assert explanation[2].endswith(" entering by cost functions (2 pieces); structured: inside those")
    assert explanation[3].startswith("  general solver: the vertical axis as a joint group of ")
    assert "general, each axis alone" in README
