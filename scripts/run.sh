#!/usr/bin/env bash
# Installs the bot into .venv (first run only) and starts it; the token comes from .env.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e .
fi
exec .venv/bin/python -m bot "$@"
