"""``python -m bot.web``: the dashboard alone, on the bot's database, as an operator runs it
beside the bot (no table runs there: its server pages say where the live tables are)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import aiohttp

from bot.store import Store
from bot.web.auth import new_login_link
from tests.e2e.browser import free_port
from tests.web.site import form_token

REPO_ROOT = Path(__file__).resolve().parents[2]


async def test_python_m_bot_web_serves_the_same_database(tmp_path: Path) -> None:
    db = tmp_path / "deuce.db"
    port = free_port()
    store = await Store.open(str(db))
    link = await new_login_link(store, f"http://127.0.0.1:{port}", 7, 100)
    await store.close()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO_ROOT),
        "DISCORD_TOKEN": "x",
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # nothing listens: Discord is down
        "DATABASE_PATH": str(db),
        "DEUCE_WEB_PORT": str(port),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.web",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        jar = aiohttp.CookieJar(unsafe=True)  # cookies of an IP address (127.0.0.1)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            for _ in range(100):
                try:
                    async with http.get(f"http://127.0.0.1:{port}/") as home:
                        assert "Deuce dashboard" in await home.text()
                        break
                except aiohttp.ClientConnectorError:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError("python -m bot.web did not start")
            # The bot's link signs in here (the same store); with Discord unreachable the
            # server page says so rather than guessing the permission.
            async with http.get(link) as form:
                token = form_token(await form.text())
            async with http.post(link, data={"csrf": token}) as signed:
                assert signed.status == 200 and "Signed in as 7" in await signed.text()
            async with http.get(f"http://127.0.0.1:{port}/servers/100") as server:
                assert server.status == 503 and "Discord did not answer" in await server.text()
            async with http.get(f"http://127.0.0.1:{port}/hands") as hands:
                assert "You have not played a hand" in await hands.text()
    finally:
        process.terminate()
        output = (await process.communicate())[0].decode()
    assert " ERROR " not in output, output
