"""Benchmarks/solver_workloads.py, the script behind Benchmarks/RESULTS.md's solver table, kept working:
its generated workloads check as they claim (clean, a conflict, an ambiguity) and it prints its table."""

from __future__ import annotations

import subprocess
import sys

from stackc_process import REPO, find_stackc

SCRIPT = REPO / "Benchmarks" / "solver_workloads.py"


def explained(tmp_path, shape, variant, n):
    """`stackc layout --explain-solver` on the script's `shape` workload of `n` views in `variant`,
    checked to exit 0: its standard output."""
    sys.path.insert(0, str(SCRIPT.parent))
    import solver_workloads
    path = tmp_path / f"{shape}-{variant}.stack"
    path.write_text(getattr(solver_workloads, shape)(n, variant))
    result = subprocess.run([str(find_stackc()), "layout", "--explain-solver", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, (shape, variant, result.stderr[-600:])
    return result.stdout


def test_workloads_check_as_described_and_the_table_prints():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(find_stackc()), "--ns", "30", "--runs", "1", "--limit", "60"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [line.split("|")[1:-1] for line in result.stdout.splitlines()[2:]]
    exits = {(cells[0].strip(), cells[1].strip()): cells[3].strip() for cells in rows}
    # plain, constraint, spread, ambiguous and squeezed check without errors (the ambiguity is a warning); conflict is
    # an error.
    assert exits == {(shape, variant): ("1" if variant == "conflict" else "0")
                     for shape in ("flat", "nested")
                     for variant in ("plain", "constraint", "spread", "conflict", "ambiguous", "squeezed")}


def test_the_tied_shapes_check_clean_past_248_items():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(find_stackc()), "--shapes", "tied,stretched", "--variants", "plain",
         "--ns", "300", "--runs", "1", "--limit", "60"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [line.split("|")[1:-1] for line in result.stdout.splitlines()[2:]]
    assert {(cells[0].strip(), cells[2].strip(), cells[3].strip()) for cells in rows} == {
        ("tied", "300", "0"), ("stretched", "300", "0")}


def test_baseline_centering_and_kept_workloads_are_solved_on_the_tree(tmp_path):
    # The script's functions build the workloads RESULTS.md measures: firstBaseline rows, an
    # equalCentering root at its natural length, a hidden item with a required width, and a
    # lastBaseline row squeezed by its height (flat only: the nested shape's rows hold vstacks, whose
    # last baselines move with their insides).
    workloads = [(shape, variant) for shape in ("flat", "nested") for variant in ("baseline", "centering", "kept")]
    for shape, variant in workloads + [("flat", "lastbaseline")]:
        report = explained(tmp_path, shape, variant, 300)
        assert "\nsolver: structured\n" in report, (shape, variant, report[-600:])


def test_free_columns_settle_every_view_to_no_height(tmp_path):
    # A column of views with no height leaves every height undecided; the rule for undecided values
    # (README, "Layout semantics") gives each view length 0 and the stack wraps them: every frame at
    # (0, 0), 80 wide (a guide 0 wide), 0 tall, in every distribution and both UIKit targets. 300 views
    # put the column's chain and the equal lengths or gaps past where the general solver's rows once
    # filled in, without the term limit's warning.
    sys.path.insert(0, str(SCRIPT.parent))
    import solver_workloads
    for distribution in ("fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"):
        path = tmp_path / f"free-{distribution}.stack"
        path.write_text(solver_workloads.free(300, distribution))
        for uikit in ("9", "current"):
            result = subprocess.run([str(find_stackc()), "layout", "--uikit", uikit, str(path)],
                                    capture_output=True, text=True, timeout=120)
            assert result.returncode == 0, (distribution, uikit, result.stderr[-600:])
            rows = [line.split() for line in result.stdout.splitlines()[1:] if line.strip()]
            frames = {cells[0]: (cells[1], [float(value) for value in cells[2:6]]) for cells in rows}
            assert len([name for name in frames if name.startswith("free.v")]) == 300, (distribution, uikit)
            for name, (kind, frame) in frames.items():
                width = 0 if kind.startswith("guide") else 80
                assert frame == [0, 0, width, 0], (distribution, uikit, name, frame)
            assert "layout of 'free.v0' is ambiguous: its height is not determined" in result.stderr, (distribution, uikit)
            assert "the solver stopped" not in result.stderr, (distribution, uikit)


def test_rows_of_columns_whose_baselines_move_decline_the_vertical_axis_alone(tmp_path):
    # The baselinerows workload (every tenth section's row aligned by last baselines) and the
    # lastbaseline one (every row): each column of such a row takes its last label's baseline, which
    # moves with the column's height. Only the vertical axis reads baselines, so the tree solver
    # answers the horizontal axis and the vertical one is a joint group around those columns (10 or
    # 100 in the nested shape; 40, or 88 in the columns shape, where with every row aligned each hub
    # and its last section take their baselines from such columns too), the rest of the layout
    # entering by cost functions: not the whole layout solved as one group.
    for shape, variant, moving in (("nested", "baselinerows", 10), ("columns", "baselinerows", 40),
                                   ("nested", "lastbaseline", 100), ("columns", "lastbaseline", 88)):
        output = explained(tmp_path, shape, variant, 1000)
        report = output[output.index("\nsolver: "):]
        assert report.startswith("\nsolver: split by axis\n"), (shape, variant, report[:600])
        lines = report.splitlines()
        declined = sum(1 for line in lines if line.endswith(": its baseline is not a fixed depth below its top"))
        more = moving - declined
        assert f"  and {more} more {'stack' if more == 1 else 'stacks'} declined" in lines, (shape, variant, report[:1200])
        joint = [line for line in lines if line.startswith("  general solver: ")]
        assert len(joint) == 1 and joint[0].startswith("  general solver: the vertical axis as a joint group of"), (shape, variant, joint)
        assert joint[0].endswith("structured: inside those and the horizontal axis"), (shape, variant, joint)


def test_distributed_rows_with_user_constraints_collapse_their_untouched_labels(tmp_path):
    # The equal and spaced workloads (one fillEqually or equalSpacing row of labels) with one user
    # constraint or 1% of its labels in them. Either way the untouched labels between touched ones are
    # runs (2 runs: between and after v0 and v150; 10 runs: after each of v0, v100, ..., v900, which
    # the 10 pairs half the row apart touch). fillEqually makes every label as wide as the others, so
    # the runs' labels enter the horizontal axis's joint group by one function, the sum of theirs, and
    # each run by one row from its first label; equalSpacing makes every gap as wide as the others, so
    # each run enters by its merged function. The vertical axis is the tree solver's.
    for shape, variant, outside in (("equal", "constraint", "2 runs of items"), ("equal", "spread", "10 runs of items"),
                                    ("spaced", "constraint", "2 runs of items"), ("spaced", "spread", "10 runs of items")):
        joint = [line for line in explained(tmp_path, shape, variant, 1000).splitlines() if line.startswith("  general solver: ")]
        assert len(joint) == 1 and joint[0].startswith("  general solver: the horizontal axis as a joint group of"), (shape, variant, joint)
        assert f"with {outside} outside it entering by cost functions" in joint[0], (shape, variant, joint)
        assert joint[0].endswith("structured: inside those and the vertical axis"), (shape, variant, joint)


def test_an_equal_spacing_row_with_a_view_of_no_size_keeps_its_labels_outside(tmp_path):
    # The spaced workload's ambiguous variant: 1,000 labels distributed equalSpacing, then a view with
    # no size. The row's length has no single optimum, so the row starts a joint group; the view's
    # width is free and the row's one gap width with it, but the labels' lengths are not, so they stay
    # one run outside the group, whose gap width the group itself settles as the whole solve does.
    # The ambiguity is the view's alone.
    result_lines = explained(tmp_path, "spaced", "ambiguous", 1000).splitlines()
    joint = [line for line in result_lines if line.startswith("  general solver: ")]
    assert len(joint) == 1 and joint[0].startswith("  general solver: the horizontal axis as a joint group of 3 items"), joint
    assert "with 1 run of items outside it entering by cost functions" in joint[0], joint
    assert [line for line in result_lines if "(ambiguous)" in line] == [
        line for line in result_lines if line.startswith("main.amb ")], result_lines[-8:]


def test_a_centred_row_with_height_constraints_collapses_its_untouched_labels(tmp_path):
    # The centred workload (one row of labels aligned center) with 1% of its labels in height
    # equalities: each untouched label is as tall as it likes up to the row's height, in its middle,
    # so the 990 untouched ones enter the vertical axis's joint group by one function of the row's
    # height and are placed in it as the tree solver places them. The horizontal axis is the tree
    # solver's.
    joint = [line for line in explained(tmp_path, "centred", "heights", 1000).splitlines() if line.startswith("  general solver: ")]
    assert len(joint) == 1 and joint[0].startswith("  general solver: the vertical axis as a joint group of"), joint
    assert "with 990 leaves outside it entering by cost functions" in joint[0], joint
    assert joint[0].endswith("structured: inside those and the horizontal axis"), joint


def test_the_narrow_rows_conflict_is_the_whole_row(tmp_path):
    # 300 labels and a 10-point stack around a 44-point view, in a fillEqually row pinned at 700: the
    # stack's 10 points cannot hold with the row, whose 301 equal items are (700 - 600) / 301 wide, so
    # its minimal set is the whole row: the pin, the two edges, 300 spacings and 300 equal widths, 603
    # others. The 44-point width then breaks too, against the same row and the stack's two sides
    # around its view (605). Nothing else breaks.
    sys.path.insert(0, str(SCRIPT.parent))
    import solver_workloads
    path = tmp_path / "narrow.stack"
    path.write_text(solver_workloads.narrow(300, "conflict"))
    result = subprocess.run([str(find_stackc()), "check", "--color", "never", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 2, errors
    assert "'main.bad.width == 10' conflicts with 603 other constraints" in errors[0]
    assert "'main.bad.inner.width == 44' conflicts with 605 other constraints" in errors[1]


def test_an_equal_centering_row_with_a_user_constraint_walks_its_first_gap(tmp_path):
    # The centres workload (one equalCentering row of labels) with one user constraint: every label is
    # on the spine (nothing hangs off a row whose items are placed by their centres), but every gap's
    # equal width mentions the first gap's, so the first gap guide is a hub: the horizontal axis is a
    # joint group with nothing outside it, its hub pinned and walked. The vertical axis is the tree
    # solver's.
    lines = explained(tmp_path, "centres", "constraint", 300).splitlines()
    joint = [line for line in lines if line.startswith("  general solver: ")]
    assert joint == ["  general solver: the horizontal axis as a joint group of 600 items and 1800 linear constraints;"
                     " structured: the vertical axis"], joint
    assert "  walked hub: main#gap1 (its length pinned and walked to the optimum)" in lines, lines[-8:]


def test_a_squeezed_equal_centering_row_walks_its_first_gap(tmp_path):
    """`--width` times `layout` at that width; the equalCentering row squeezed there has no frames from
    the stacks alone, and its first gap's pin starts at the natural size (Benchmarks/RESULTS.md)."""
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(find_stackc()), "--shapes", "centres", "--variants", "plain",
         "--ns", "40", "--width", "120", "--runs", "1", "--limit", "60"],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [line.split("|")[1:-1] for line in result.stdout.splitlines()[2:]]
    assert [(cells[0].strip(), cells[2].strip(), cells[3].strip()) for cells in rows] == [("centres", "40", "0")]
    sys.path.insert(0, str(SCRIPT.parent))
    import solver_workloads
    path = tmp_path / "centres-squeezed.stack"
    path.write_text(solver_workloads.centres(40, "plain"))
    explained = subprocess.run([str(find_stackc()), "layout", "--explain-solver", "--width", "120", str(path)],
                               capture_output=True, text=True, timeout=120)
    assert explained.returncode == 0, explained.stderr[-600:]
    assert "equalCentering squeezed below where its gaps can be equal (horizontal)" in explained.stdout
    assert "walked hub: main#gap1" in explained.stdout
