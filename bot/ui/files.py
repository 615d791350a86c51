"""Files the dealer uploads (card pictures, charts, hand histories), made from bytes in memory.

``discord.File`` keeps a buffer from being closed between the tries of a request by setting
the buffer's ``close`` to a no-op, and puts the buffer's own ``close`` back on it when the file
is closed: a bound method of the buffer stored on the buffer, a reference cycle that only the
garbage collector frees. Every picture uploaded (a deal's six hands, every draw) then waited,
bytes and all, for a collection, and made the collector's passes longer (about 170 such
buffers in 5 s at 200 tables, ``bench/bench_load.py --probe`` with ``DEUCE_PROBE_CENSUS``).
"""

from __future__ import annotations

import io
from typing import Any

import discord


class _Buffer(io.BytesIO):
    """Bytes that make no cycle when ``discord.File`` gives their ``close`` back."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "close" and getattr(value, "__self__", None) is self:
            self.__dict__.pop("close", None)  # the class's own close again, nothing stored
            return
        super().__setattr__(name, value)


def bytes_file(data: bytes, filename: str, description: str | None = None) -> discord.File:
    """An upload of ``data`` named ``filename`` (``description``: its alt text)."""
    return discord.File(_Buffer(data), filename=filename, description=description)
