"""What ``/pokeradmin house add``, ``remove`` and ``fill`` do, for the slash commands
(``cogs/admin/_house.py``) and the dashboard (``bot/web/pages/house.py``) alike: each input
checked here first (a refusal is an ``InvalidSetting`` with the command's sentence, and changes
nothing), then handed to the table session (``HousePlayers``, under the table's lock) or to the
store; the answer is the command's sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from bot.house import LEVELS
from bot.messages import Text, t
from bot.store import InvalidSetting

if TYPE_CHECKING:
    from bot.store import Store
    from bot.table.house import HousePlayers

MAX_HOUSE_PLAYERS = 9
"""A table has at most 10 seats, one of them a member's."""
MAX_HOUSE_FILL = 10
HouseLevel = Literal["beginner", "solid", "strong"]
"""The levels of ``bot.house.LEVELS``, as Discord offers them."""
SCOPES = ("channel", "server")
HOUSE_FILL_KEYS = {
    "channel": ("house_fill_off_channel", "house_fill_set_channel"),
    "server": ("house_fill_off_server", "house_fill_set_server"),
}
"""What ``/pokeradmin house fill`` answers, by scope: (turned off, set)."""


def check_count(count: int | None, *, optional: bool = False) -> None:
    """How many house players to add or remove: 1 to ``MAX_HOUSE_PLAYERS`` (None: all, where
    ``optional``)."""
    if count is None and optional:
        return
    if count is None or not 1 <= count <= MAX_HOUSE_PLAYERS:
        raise InvalidSetting(t("house_count_invalid"))


def check_level(level: str) -> None:
    if level not in LEVELS:
        raise InvalidSetting(t("house_style_invalid", styles=", ".join(LEVELS)))


def check_seats(seats: int) -> None:
    if not 0 <= seats <= MAX_HOUSE_FILL:
        raise InvalidSetting(t("house_seats_invalid"))


def check_scope(scope: str) -> None:
    if scope not in SCOPES:
        raise InvalidSetting(t("scope_invalid"))


async def add(house: HousePlayers, count: int, level: str) -> str:
    """Seat ``count`` house players of ``level`` at the table now: the answer."""
    check_count(count)
    check_level(level)
    added = await house.add(count, level)
    key = "house_added" if added == count else "house_added_fewer"
    return t(key, count=added, style=Text(f"choice-{level}"))


async def remove(house: HousePlayers, count: int | None) -> str:
    """Stand up ``count`` house players (all when None): the answer."""
    check_count(count, optional=True)
    now, later = await house.remove(count)
    return t("house_removed", now=now, later=later)


async def fill(
    store: Store,
    houses: Sequence[HousePlayers],
    guild_id: int,
    channel_id: int,
    seats: int,
    level: str,
    scope: str,
) -> str:
    """Fill up to ``seats`` seats with house players of ``level`` at ``channel_id``'s table
    (``scope`` "channel") or by default on the server ("server"), whenever a member is seated;
    ``houses``: the server's tables' house players, which apply it now. The answer."""
    check_seats(seats)
    check_level(level)
    check_scope(scope)
    await store.house.set_fill(guild_id, channel_id if scope == "channel" else None, seats, level)
    for house in houses:
        await house.refill()
    key = HOUSE_FILL_KEYS[scope][1 if seats else 0]
    return t(key, seats=seats, style=Text(f"choice-{level}"))
