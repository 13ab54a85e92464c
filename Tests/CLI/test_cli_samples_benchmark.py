"""Benchmarks/cli_samples.py, the script behind Benchmarks/RESULTS.md's figures of stackc's latency on the
samples, kept working: it runs every subcommand it names on every sample and prints one row each."""

from __future__ import annotations

import subprocess
import sys

from stackc_process import REPO, find_stackc

SCRIPT = REPO / "Benchmarks" / "cli_samples.py"


def test_the_latency_table_prints_a_row_per_subcommand():
    stackc = str(find_stackc())
    result = subprocess.run([sys.executable, str(SCRIPT), stackc, stackc, "--runs", "1"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in result.stdout.splitlines()[2:]]
    assert [row[0] for row in rows] == ["check", "check --device all", "layout", "render", "build"]
    for row in rows:
        assert float(row[1]) > 0 and float(row[2]) > 0, row
        assert row[3].endswith("x"), row
