"""A real browser for the dashboard's tests: Playwright driving Debian's Chromium
(``/usr/bin/chromium``, never a browser Playwright downloads). Outside CI a missing browser or
Playwright skips the test, saying which; in CI (``CI=true``) it fails, since ``scripts/test.sh``
installs both there.

Screenshots are taken only when ``DEUCE_SCREENSHOTS`` names a folder for them.
"""

from __future__ import annotations

import os
import re
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("DEUCE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the browser tests: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def need_browser() -> None:
    """Skip (or, in CI, fail) now, before a bot is started, when there is no browser."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        _missing("Playwright is not installed (pip install playwright)")
    if not CHROMIUM.exists():
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set DEUCE_CHROMIUM)")


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A launched Chromium (Playwright's ``Browser``), closed after the block."""
    need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            await browser.close()


def shot_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DEUCE_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def screenshots(page: Any, folder: Path, name: str) -> None:
    """The page as it is, on a desktop and on a phone-sized window, when ``DEUCE_SCREENSHOTS``
    names a folder to look at them in (two full-page renders cost a second or more: a run
    that does not keep them takes none)."""
    if not os.environ.get("DEUCE_SCREENSHOTS"):
        return
    await page.set_viewport_size(DESKTOP)
    await page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)
    await page.set_viewport_size(PHONE)
    await page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    await page.set_viewport_size(DESKTOP)


LINK_RE = re.compile(r"<(http://[^>\s]+/login/link/[^>\s]+)>")
