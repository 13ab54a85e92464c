#!/usr/bin/env bash
# Installs the reference solvers for Benchmarks/run.sh into .build-venv-bench (gitignored by `.build-*/`):
# kiwisolver (C++ Cassowary) and poga (Python bindings for Yoga), both from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build-venv-bench
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "kiwisolver>=1.4" "poga>=0.1.19"
"$VENV/bin/python" -c "import kiwisolver, poga; print('kiwisolver', kiwisolver.__version__, '/ poga ok')"
