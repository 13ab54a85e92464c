"""Benchmarks/solver_workloads.py, the script behind Benchmarks/RESULTS.md's solver table, kept working:
its generated workloads check as they claim (clean, a conflict, an ambiguity) and it prints its table."""

from __future__ import annotations

import subprocess
import sys

from stackc_process import REPO, find_stackc

SCRIPT = REPO / "Benchmarks" / "solver_workloads.py"


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
    sys.path.insert(0, str(SCRIPT.parent))
    import solver_workloads
    workloads = [(shape, variant) for shape in ("flat", "nested") for variant in ("baseline", "centering", "kept")]
    for shape, variant in workloads + [("flat", "lastbaseline")]:
        path = tmp_path / f"{shape}-{variant}.stack"
        path.write_text(getattr(solver_workloads, shape)(300, variant))
        result = subprocess.run([str(find_stackc()), "layout", "--explain-solver", str(path)],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, (shape, variant, result.stderr)
        assert "\nsolver: structured\n" in result.stdout, (shape, variant, result.stdout[-600:])
