"""Uploads made from bytes (bot/ui/files.py): no reference cycle left for the collector."""

from __future__ import annotations

import gc
import io
import weakref

import discord

from bot.ui.files import bytes_file


def _closed_and_dropped(file: discord.File) -> weakref.ref[object]:
    buffer = weakref.ref(file.fp)
    file.close()  # as discord.py does once a request is done
    return buffer


def test_a_closed_upload_is_freed_without_the_collector(collector_off: None) -> None:
    buffer = _closed_and_dropped(bytes_file(b"\x89PNG" * 1000, "hand.png", "your cards"))
    assert buffer() is None


def test_discord_files_own_buffer_waits_for_the_collector(collector_off: None) -> None:
    # What bytes_file avoids: discord.File puts the buffer's own close back on the buffer.
    buffer = _closed_and_dropped(discord.File(io.BytesIO(b"\x89PNG" * 1000), filename="hand.png"))
    assert buffer() is not None
    gc.collect()
    assert buffer() is None


def test_the_buffer_stays_open_between_tries_and_reads_whole() -> None:
    file = bytes_file(b"picture", "hand.png", "your cards")
    assert (file.filename, file.description) == ("hand.png", "your cards")
    file.fp.close()  # aiohttp closes what it sent; discord.py's stub keeps it for a retry
    file.reset()
    assert file.fp.read() == b"picture"
    file.close()
    assert not file.fp.closed  # not the file's to close; freed when dropped
