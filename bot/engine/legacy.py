"""Hands saved by the engine's first state format (version 1), read by ``Hand.from_json``.

A journal outlives the code that wrote it: a bot upgraded mid-hand resumes the hand from the
journal the old code wrote. Version 1 logged each operation as a list
``[kind, position, amount, count, cards_a, cards_b, extra]`` (position -1 = the dealer, count
-1 = none, ``cards_a`` the cards discarded, shown or reshuffled, ``cards_b`` the cards
received, ``extra`` 1 for all-in, "left", "voluntary" or a pot's name; a fold after which the
only player left able to bet gets no turn names that player eighth), and the turns the dealer
played at a timeout as a list of log indices. ``upgrade`` turns such a state into the current
format; the rest of the state was already the current one, field for field.
"""

from __future__ import annotations

from typing import Any

from bot.engine.operations import (
    Awarding,
    BettingOpening,
    BettingOrRaising,
    BlindPosting,
    CardBurning,
    CheckingOrCalling,
    Drawing,
    DrawOpening,
    Folding,
    HoleDealing,
    Leaving,
    Mucking,
    Operation,
    Reshuffling,
    Returning,
    Showing,
    operation_to_json,
)

VERSION = 1


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A version 1 state in the current format (raises ``KeyError``, ``TypeError``,
    ``ValueError`` or ``IndexError`` when it is damaged)."""
    timed_out = {int(i) for i in data.get("timed_out", [])}
    log = [_operation(entry, index in timed_out) for index, entry in enumerate(data["log"])]
    if len(timed_out - set(range(len(log)))):
        raise ValueError("timeouts")
    upgraded = {key: value for key, value in data.items() if key != "timed_out"}
    upgraded["version"] = version
    upgraded["log"] = [operation_to_json(op) for op in log]
    upgraded.setdefault("script", None)
    upgraded.setdefault("claims", [])
    leaving = upgraded.setdefault("leaving", [])
    if upgraded.get("out") is None:  # saved before the engine kept the order players went out
        out = [op.position for op in log if isinstance(op, Folding)]
        upgraded["out"] = out + [i for i in leaving if i not in out]
    return upgraded


def _operation(entry: list[Any], timed_out: bool) -> Operation:
    """One version 1 log entry as an operation."""
    kind, pos, amount, extra = str(entry[0]), int(entry[1]), int(entry[2]), entry[6]
    all_in = extra == 1
    left = extra == "left"
    match kind:
        case "small_blind" | "big_blind":
            return BlindPosting(pos, amount, all_in, big=kind == "big_blind")
        case "deal":
            return HoleDealing(tuple(int(c) for c in entry[5]))
        case "round":
            return BettingOpening(amount) if amount <= 3 else DrawOpening(amount - 3)
        case "fold":
            no_turn_for = int(entry[7]) if len(entry) > 7 else None
            return Folding(pos, left, timed_out, no_turn_for)
        case "check" | "call":
            return CheckingOrCalling(pos, amount, all_in, timed_out)
        case "bet" | "raise":
            return BettingOrRaising(pos, amount, kind == "raise", all_in)
        case "draw":
            discarded = tuple(int(c) for c in entry[4])
            return Drawing(pos, discarded, tuple(int(c) for c in entry[5]), left, timed_out)
        case "burn":
            return CardBurning()
        case "reshuffle":
            return Reshuffling(tuple(int(c) for c in entry[4]))
        case "show":
            cards = tuple(int(c) for c in entry[4])
            return Showing(pos, cards, amount, voluntary=extra == "voluntary")
        case "muck":
            return Mucking(pos, left)
        case "award":
            return Awarding(pos, amount, str(extra))
        case "return":
            return Returning(pos, amount)
        case "leave":
            return Leaving(pos)
    raise ValueError(f"unknown log entry {kind!r}")
