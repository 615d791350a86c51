#!/usr/bin/env bash
# Installs the bot into .venv (again whenever pyproject.toml changed) and starts it;
# the token comes from .env (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
marker=.venv/.deuce-installed
if [ ! -f "$marker" ] || [ pyproject.toml -nt "$marker" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e .
    touch "$marker"
fi
exec .venv/bin/python -m bot "$@"
