#!/usr/bin/env bash
# Installs everything the tests need into .venv, then runs lint, format check, types and tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test]"
export PATH="$PWD/.venv/bin:$PATH"
echo "== ruff check"; ruff check .
echo "== ruff format --check"; ruff format --check .
echo "== mypy --strict bot cogs"; mypy --strict bot cogs
echo "== pytest"; python -m pytest "$@"
