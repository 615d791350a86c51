"""The one kind of view the dealer sends: components laid out for a message, never a live
discord.py view."""

from __future__ import annotations

from typing import Any, Self

import discord
from discord.ui.view import BaseView

ROWS = 5
ROW_WIDTH = 5

_NEVER_LIVE: dict[str, object] = {
    "_BaseView__timeout": None,
    "id": "",
    "_cache_key": None,
    "_BaseView__cancel_callback": None,
    "_BaseView__timeout_expiry": None,
    "_BaseView__timeout_task": None,
    "_BaseView__snapshot": None,
    "_BaseView__stopped": None,
    "_total_children": 0,
}
"""What discord.py's ``BaseView.__init__`` sets, as it sets them for a view with no items of
its own, no timeout and no running loop (besides its children list, its own: ``never_live``)."""


def never_live(view: BaseView) -> None:
    """Set up ``view``, a view discord.py never stores nor dispatches nor times out, without
    ``BaseView.__init__``: its random id (a system call), its future and its walk over class
    items cost as much as the rest of a panel's layout, and every table makes several such
    views a second. Every attribute discord.py reads of a view is there, as that ``__init__``
    leaves it."""
    for name, value in _NEVER_LIVE.items():
        setattr(view, name, value)
    view._children = []


class PlainView(discord.ui.View):
    """A view that discord.py never files in its view store, however it is sent, and whose
    items never point back at it.

    Every click on a dealer component is dispatched once, by the router
    (``bot/ui/router.py``) from the client's ``on_interaction``. A view discord.py stored
    would make it dispatch the same click a second time: ``send``, ``edit`` and the webhook
    paths skip a view that is not ``is_dispatchable()``, but
    ``interaction.response.send_message`` (an ephemeral panel, "Fold anyway?") checks only
    ``is_finished()``. So the view says it is finished from the start.

    Its items are kept here, laid out in rows as discord.py lays them out (an item's ``row``,
    else the first row with room), rather than handed to ``View.add_item``, which links each
    item back to its view: without the link a view and its buttons are no reference cycle and
    are freed as soon as the message is sent, where each one (~17 objects) was left for the
    garbage collector, whose passes stall every table (bench/bench_load.py --probe).
    """

    def __init__(self) -> None:
        self._placed: list[tuple[int, discord.ui.Item[Any]]] = []
        self._widths = [0] * ROWS
        never_live(self)

    def add_item(self, item: discord.ui.Item[Any]) -> Self:
        """Place ``item`` in its row (or the first with room); ValueError if it does not fit."""
        if len(self._placed) >= ROWS * ROW_WIDTH:
            raise ValueError("maximum number of children exceeded")
        rows = range(ROWS) if item.row is None else (item.row,)
        for row in rows:
            if self._widths[row] + item.width <= ROW_WIDTH:
                self._widths[row] += item.width
                self._placed.append((row, item))
                return self
        raise ValueError(f"item would not fit at row {item.row}")

    @property
    def children(self) -> list[discord.ui.Item[Any]]:
        return [item for _row, item in self._placed]

    def to_components(self) -> list[dict[str, Any]]:
        components: list[dict[str, Any]] = []
        for row in range(ROWS):
            items = [item.to_component_dict() for placed, item in self._placed if placed == row]
            if items:
                components.append({"type": 1, "components": items})
        return components

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True
