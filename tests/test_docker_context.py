"""The image's build context: what ``docker build`` sends is what the Dockerfile copies, and
never the token (``.env``), the live database or the local virtualenv."""

from __future__ import annotations

import fnmatch
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]


def ignored(path: str, rules: list[str]) -> bool:
    """Docker's .dockerignore reading (the subset we use): the last matching rule wins, a
    ``!`` rule re-includes, a rule matches the path or any folder above it."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    result = False
    for rule in rules:
        negate = rule.startswith("!")
        pattern = rule[1:] if negate else rule
        pattern = pattern.rstrip("/")
        if any(
            fnmatch.fnmatch(p, pattern) or fnmatch.fnmatch(p.rsplit("/", 1)[-1], pattern)
            for p in prefixes
        ):
            result = not negate
    return result


def test_the_build_context_holds_no_secret_and_everything_the_image_copies() -> None:
    lines = (REPO_ROOT / ".dockerignore").read_text().splitlines()
    rules = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    for secret in (".env", ".env.production", "data/deuce.db", "deuce.db-wal", ".venv/bin/python"):
        assert ignored(secret, rules), secret
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    for needed in (
        "pyproject.toml",
        "README.md",
        "bot/client.py",
        "cogs/poker/_cog.py",
        ".env.example",
    ):
        assert not ignored(needed, rules), needed
    assert "COPY bot ./bot" in dockerfile and "USER deuce" in dockerfile


def test_the_readme_runs_the_image_as_an_operator_would() -> None:
    """In the background, started again after a reboot, and with the uid a bind mount needs."""
    readme = (REPO_ROOT / "docs" / "SETUP.md").read_text()
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    assert "docker run -d --restart unless-stopped --env-file .env -v deuce-data:/data" in readme
    uid = dockerfile.split("--uid ", 1)[1].split()[0]
    assert f"runs as uid {uid}" in readme and f"chown {uid}" in readme
