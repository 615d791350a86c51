"""The table message follows the hand as PRODUCT.md describes it, and all-ins make side pots.

Button labels carry the fixed-limit amounts (Call 5, Raise to 20, Bet 10, Bet 20), the Round
field names the street, and a short stack that runs out of chips splits the pot into a main
pot and a side pot, each paid to the right players.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from tests.discord_double import Member
from tests.e2e.helpers import (
    IN_LOOP,
    START_WALLET,
    TABLE_TITLE,
    Club,
    PokerTable,
    balance,
    buttons,
    channel_card_leaks,
    embed0,
    field_value,
    hand_id_of,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def labels(message: dict[str, Any]) -> list[str]:
    return [str(b.get("label")) for b in buttons(message)]


async def test_buttons_and_rounds_follow_fixed_limit(club: Club) -> None:
    table = await club.seated(2)
    seen: list[tuple[str, list[str]]] = []

    def record(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
        seen.append((field_value(message, "Round") or "", labels(message)))
        return "call"

    opening = table.table_message()
    assert opening is not None
    assert field_value(opening, "Pot") == "15"
    assert "Blinds 5/10 · cap 4 bets" in str(embed0(opening)["description"])
    outcome = await table.play_hand(record)
    assert not outcome.uncontested
    rounds = [r for r, _ in seen]
    assert rounds == [
        "Pre-draw betting",
        "Pre-draw betting",
        "Betting after draw 1",
        "Betting after draw 1",
        "Betting after draw 2",
        "Betting after draw 2",
        "Betting after draw 3",
        "Betting after draw 3",
    ]
    # Heads-up the button posts the small blind and acts first: Call 5 or Raise to 20.
    assert seen[0][1] == ["Fold", "Call 5", "Raise to 20", "My cards"]
    # The big blind may check or raise (to 20: the blind counts as the first bet).
    assert seen[1][1] == ["Fold", "Check", "Raise to 20", "My cards"]
    # Small bet after the first draw, big bet after the second and third.
    assert seen[2][1] == ["Fold", "Check", "Bet 10", "My cards"]
    assert seen[4][1] == ["Fold", "Check", "Bet 20", "My cards"]
    assert seen[6][1] == ["Fold", "Check", "Bet 20", "My cards"]
    # During a draw only "My cards" is under the table, and the round says which draw.
    draw_rounds = {
        field_value(e.payload, "Round")
        for e in club.double.channel_events(club.channel)
        if labels(e.payload) == ["My cards"]
    }
    assert {"Draw 1 of 3", "Draw 2 of 3", "Draw 3 of 3"} <= draw_rounds


def raise_when_possible(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
    raise_button = next(b for b in buttons(message) if b["custom_id"].endswith(":raise"))
    return "call" if raise_button.get("disabled") else "raise"


async def test_a_short_stack_all_in_makes_a_side_pot(club: Club) -> None:
    double = club.double
    members = await club.players(3)
    table = PokerTable(double, club.channel, members)
    await table.join(members[0], buy_in=100)  # Alice: a short stack
    await table.join(members[1])
    await table.join(members[2])
    hand_id = await table.wait_hand()
    outcome = await table.play_hand(raise_when_possible, discards=lambda m, n: 1)
    assert outcome.hand_id == hand_id
    seats_text = "\n".join(
        field_value(e.payload, "Seats") or "" for e in double.channel_events(club.channel)
    )
    assert "all-in" in seats_text
    pots = field_value(outcome.result, "Winners") or ""
    assert "Main pot: 300" in pots and "Side pot:" in pots, pots
    total_pot = sum(outcome.winnings.values())
    # Alice put in all 100; the others 240 each (four capped rounds).
    assert total_pot == 100 + 240 + 240
    assert channel_card_leaks(double, club.channel) == []
    total = 0
    for member in members:
        wallet, on_table = await balance(table, member)
        total += wallet + on_table
    assert total == START_WALLET * 3
    club.audit_ok()


SEAT_STACK_RE = re.compile(r"\*\*(?P<name>.+?)\*\* · (?P<stack>[\d,]+)")


def seat_stacks(message: dict[str, Any]) -> dict[str, int]:
    """Each seated player's stack as the table's Seats field shows it (chips behind)."""
    found = {}
    for line in (field_value(message, "Seats") or "").split("\n"):
        match = SEAT_STACK_RE.search(line)
        if match is not None:
            found[match["name"].replace("\\", "")] = int(match["stack"].replace(",", ""))
    return found


def seat_bets(message: dict[str, Any]) -> dict[str, int]:
    """Each player's bet this round as the Seats field shows it (0 without one)."""
    found = {}
    for line in (field_value(message, "Seats") or "").split("\n"):
        match = SEAT_STACK_RE.search(line)
        if match is not None:
            bet = re.search(r"· bet (?P<bet>[\d,]+)", line)
            found[match["name"].replace("\\", "")] = int(bet["bet"].replace(",", "")) if bet else 0
    return found


async def test_the_table_never_shows_a_stack_older_than_the_settled_hand(club: Club) -> None:
    """Issue 35 point 4: after a hand, every version of the table the channel is shown has the
    settled stacks, never the hand's starting ones (the table posted below the result was
    rendered before the settle and showed them for about a second)."""
    double = club.double
    table = await club.seated(2)
    first = table.running_hand()
    raised: list[str] = []

    def raise_then_fold(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
        raised.append(member.display_name)
        return "raise" if len(raised) == 1 else "fold"

    outcome = await table.play_hand(raise_then_fold)
    assert outcome.uncontested
    second = await table.wait_hand(after=first)
    dealt = table.table_message()
    assert dealt is not None and hand_id_of(dealt) == second
    # The stacks the first hand settled: what each player had before the second hand's blinds.
    settled = {name: stack + seat_bets(dealt)[name] for name, stack in seat_stacks(dealt).items()}
    assert sorted(settled.values()) == [390, 410], settled
    events = double.channel_events(club.channel)
    dealt_first = next(i for i, e in enumerate(events) if hand_id_of(e.payload) == first)
    shown = []
    for event in events[dealt_first:]:
        title = str(embed0(event.payload).get("title") or "")
        if event.kind == "delete" or not title.startswith(TABLE_TITLE):
            continue
        if hand_id_of(event.payload) is None:  # between the hands
            shown.append(seat_stacks(event.payload))
    assert shown, "no table was shown between the hands"
    assert all(stacks == settled for stacks in shown), (settled, shown)
