"""The reserved user ids of the house: its wallet and its players' seats.

No Discord snowflake is below 2**22 (the timestamp bits of any real id make it far larger), so
small ids can never name a member: ``HOUSE_ACCOUNT_ID`` is the house's wallet in every server
(it buys its players in and takes their chips back), and each house player sits under an id of
``HOUSE_PLAYER_IDS``, unique at its table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

HOUSE_ACCOUNT_ID: Final = 0
"""The user id of the house's wallet in each server."""
HOUSE_PLAYER_IDS: Final = range(1, 100)
"""The user ids house players sit under (one per seat, unique at a table)."""
HOUSE_NAMES: Final[tuple[str, ...]] = (
    "Ada",
    "Alan",
    "Grace",
    "Claude",
    "Edsger",
    "Barbara",
    "Donald",
    "Frances",
    "John",
    "Radia",
)
"""Names house players take, the first not already used at the table."""


def is_house(user_id: int) -> bool:
    """Whether ``user_id`` is the house (its wallet or one of its players), never a member."""
    return 0 <= user_id < HOUSE_PLAYER_IDS.stop


def free_house_player(used_ids: Iterable[int], used_names: Iterable[str]) -> tuple[int, str]:
    """The id and name the next house player takes where ``used_ids`` and ``used_names`` are
    taken (at a table, or among a tournament's entries): the first free id, the first name not
    taken (whatever its case), else "House <id>"."""
    ids = set(used_ids)
    names = {name.casefold() for name in used_names}
    player_id = next(i for i in HOUSE_PLAYER_IDS if i not in ids)
    name = next((n for n in HOUSE_NAMES if n.casefold() not in names), f"House {player_id}")
    return player_id, name
