"""What a start of the bot loads: the client and its cogs, made for a SQLite store and no web
port, load neither PostgreSQL's driver, nor aiohttp's web server, nor multiprocessing, nor a
language's messages (each loads where it is first needed). A fresh interpreter each time: the
test process has them all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DEFERRED = ("asyncpg", "aiohttp.web", "concurrent.futures.process", "bot.web.app")
"""Modules a start on SQLite without the dashboard does without."""

MESSAGES = "messages"
"""Reported among the modules when a language's messages are loaded (``bot.messages.bundle``)."""

START = """
import importlib, json, sys
from bot.client import EXTENSIONS, make_bot
from bot.config import Config
from bot.messages import bundle, t
bot = make_bot(Config.from_env())
for extension in EXTENSIONS:
    importlib.import_module(extension)
for name in sys.argv[1:]:
    if name == {messages!r}:
        t("source_discord")
    else:
        importlib.import_module(name)
loaded = [name for name in {deferred} if name in sys.modules]
print(json.dumps(loaded + [{messages!r}] * bundle.cache_info().currsize))
"""


def loaded_at_start(tmp_path: Path, *also: str) -> list[str]:
    """The ``DEFERRED`` modules loaded once the client is made and its cogs imported (and the
    modules ``also``, imported afterwards)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DEUCE_WEB_PORT", "SHARD_COUNT", "SHARD_IDS")
    }
    env.update(DISCORD_TOKEN="token", DATABASE_PATH=str(tmp_path / "deuce.db"))
    done = subprocess.run(
        [sys.executable, "-c", START.format(deferred=DEFERRED, messages=MESSAGES), *also],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_a_start_on_sqlite_loads_no_postgresql_web_server_multiprocessing_or_messages(
    tmp_path: Path,
) -> None:
    assert loaded_at_start(tmp_path) == []


def test_the_check_sees_a_module_the_start_loads(tmp_path: Path) -> None:
    assert loaded_at_start(tmp_path, "bot.store.postgres", "bot.web.app", MESSAGES) == [
        "asyncpg",
        "aiohttp.web",
        "bot.web.app",
        MESSAGES,
    ]


def test_the_command_sync_loads_no_languages_number_or_plural_data(tmp_path: Path) -> None:
    """The translator reads every language's command names at a sync, and Babel's data of a
    language (1 to 2 MiB each) loads only when a member reading it shows up."""
    done = subprocess.run(
        [sys.executable, "-c", TRANSLATE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded_before, translated, loaded_after = json.loads(done.stdout)
    assert translated == ["join", "beül", "sätt-dig", "duduk", "сесть"]
    assert loaded_before == loaded_after == []


TRANSLATE = """
import json
from babel import localedata
from bot.messages import LANGUAGES
from bot.translator import CatalogueTranslator
before = sorted(localedata._cache)
translator = CatalogueTranslator()
names = [translator.text("cmd-poker-join", language) for language in LANGUAGES]
print(json.dumps([before, names, sorted(localedata._cache)]))
"""
