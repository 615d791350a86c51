"""The computed strategy (issue 40): ``bench.mccfr``'s solution of an abstraction of heads-up
fixed-limit 2-7 Triple Draw, and the map from what a house seat sees onto it.

The abstraction is owned here, because both sides read it: the solver (``bench/mccfr.py``)
trains on it, and the strong level looks its own spot up in the solved table
(``solved.json``, written by ``python -m bench.mccfr --out``):

- cards as 19 **buckets** (``bucket``): before the last round a hand the fixed draw rule
  (``draw_rule``) stands pat on by its class (a seven, a smooth eight, a rough eight, a nine, a
  ten), a draw by how many cards it takes and how high it keeps; on the last round the final
  hand by eight classes (``final_class``);
- an **information set** (``set_key``): the betting round, the bucket, the seat (0 the big
  blind, 1 the button and small blind), the opponent's latest draw count, the pot in half
  small bets and this round's actions (``c`` check or call, ``r`` bet or raise). Earlier
  rounds' betting is kept only as the pot's size.

What the abstraction loses: the draw as a decision (both players draw by ``draw_rule``: no
snows, no breaks, no drawing by the opponent's draw), card removal and suits, the order of
earlier rounds' bets and everything inside a bucket. The table holds each information set's
average strategy where the solver visited it ``bench.mccfr.MIN_VISITS`` times or more; the
strong level plays it heads-up on the rounds and spots ``bot.house.strong._solved_spot``
names where the table holds the spot (``solved_action``) and its own rules everywhere else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Final

from bot.engine.hand import Phase, PublicView, SeatView

TABLE_PATH: Final = Path(__file__).with_name("solved.json")
STRAIGHTS: Final = frozenset(0b11111 << low for low in range(9))
DRAWS: Final = 3
FOLD, CALL, RAISE = "f", "c", "r"
NOT_YET: Final = 9
"""The opponent's draw count in an information set before the first draw."""


def _rank(card: int) -> int:
    return card // 4 + 2


def final_class(hand: Sequence[int]) -> int:
    """The abstraction's class of five cards: 0 = a seven-low, 1 = a smooth eight (8-5 or
    better), 2 = a rough eight, 3 = a nine, 4 = a ten, 5 = a jack, 6 = a queen or king, 7 =
    anything worse (pairs, straights, flushes, ace-high)."""
    ranks = sorted((_rank(c) for c in hand), reverse=True)
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    if mask.bit_count() != 5 or mask in STRAIGHTS or len({c % 4 for c in hand}) == 1:
        return 7
    top = ranks[0]
    if top <= 7:
        return 0
    if top == 8:
        return 1 if ranks[1] <= 5 else 2
    return {9: 3, 10: 4, 11: 5}.get(top, 6 if top <= 13 else 7)


def draw_rule(hand: Sequence[int], draws_left: int) -> list[int]:
    """The cards the abstraction's fixed draw rule keeps (all five = standing pat): pat on an
    eight or better, a nine with one or two draws left and a ten on the last; otherwise the
    distinct low cards up to an eight, up to a nine on the last draw."""
    made = final_class(hand)
    if made <= 2 or (made == 3 and draws_left <= 2) or (made == 4 and draws_left == 1):
        return list(hand)
    top = 8 if draws_left >= 2 else 9
    kept: dict[int, int] = {}
    for card in sorted(hand):
        rank = _rank(card)
        if rank <= top and rank not in kept:
            kept[rank] = card
    return list(kept.values())[:4]


def bucket(hand: Sequence[int], draws_left: int) -> int:
    """The hand's bucket on a betting round with ``draws_left`` draws to come."""
    made = final_class(hand)
    if draws_left == 0:
        return made
    kept = draw_rule(hand, draws_left)
    if len(kept) == 5:
        return 8 + min(made, 4)  # 8..12: pat seven, smooth eight, rough eight, nine, ten
    drawing = 5 - len(kept)
    high = max((_rank(c) for c in kept), default=14)
    if drawing == 1:
        return 13 + (0 if high <= 7 else 1 if high == 8 else 2)  # 13..15
    if drawing == 2:
        return 16 + (0 if high <= 7 else 1)  # 16, 17
    return 18  # three or more


def set_key(betting_round: int, hand_bucket: int, seat: int, seen: int, pot: int, line: str) -> str:
    """An information set's key in the table (the solver's ``info_key`` and ``spot_key`` both
    build it here)."""
    return f"{betting_round}.{hand_bucket}.{seat}.{seen}.{pot}.{line}"


@cache
def solved_table() -> dict[str, str]:
    """The solved table, read once on first use (2 ms): information set -> its visit count,
    then the probability of each legal action (fold, check or call, bet or raise) in
    thousandths, as one string of numbers (parsed when the set is looked up)."""
    data = json.loads(TABLE_PATH.read_bytes())
    sets: dict[str, str] = data["sets"]
    return sets


def solved_row(key: str) -> tuple[int, list[float]] | None:
    """(visits, the probability of each legal action) of the information set ``key``, or
    ``None`` when the table does not hold it."""
    row = solved_table().get(key)
    if row is None:
        return None
    visits, *mix = (int(n) for n in row.split())
    return visits, [p / 1000 for p in mix]


def spot_key(
    public: PublicView, cards: Sequence[int], me: SeatView, opponent: SeatView
) -> tuple[str, str] | None:
    """(the information set, its legal actions) of a heads-up betting decision, or ``None``
    where the abstraction has no such spot (chips not in whole half small bets, a short
    stack, a snow: a pat hand the draw rule would break)."""
    legal = public.legal
    if legal is None or public.phase is not Phase.BETTING or len(public.seats) != 2:
        return None
    if legal.call_is_all_in or me.state != "active" or opponent.state != "active":
        return None
    unit, rest = divmod(public.small_bet, 2)
    if rest or public.small_blind * 2 != public.small_bet or public.big_blind != public.small_bet:
        return None
    pot, odd = divmod(public.pot_total, unit)
    if odd:
        return None
    round_ = public.betting_round
    draws_left = DRAWS - round_
    ints = [int(c) for c in cards]
    drawn = [c for c in me.draw_counts if c is not None]
    if drawn and drawn[-1] == 0 and len(draw_rule(ints, draws_left + 1)) < 5:
        return None  # a snow (or a break the rule would not make): the rules play it
    seat = 0 if me.is_big_blind else 1
    seen = opponent.draw_counts[round_ - 1] if round_ else NOT_YET
    if seen is None:
        return None
    first = 1 if round_ == 0 else 0  # the button acts first before the draw
    raises = legal.bets_this_round - (1 if round_ == 0 else 0)
    acted = 0 if seat == first else 1  # parity of the actions so far this round
    line = (CALL if raises % 2 != acted % 2 else "") + RAISE * raises
    actions = (FOLD if legal.call_amount else "") + CALL + (RAISE if legal.can_bet_or_raise else "")
    return set_key(round_, bucket(ints, draws_left), seat, seen, pot, line), actions


def solved_action(
    public: PublicView,
    cards: Sequence[int],
    me: SeatView,
    opponent: SeatView,
    rng: random.Random,
    min_visits: int,
) -> str | None:
    """The table's action (``f``, ``c`` or ``r``) drawn from its average strategy at this
    spot, or ``None`` where the table does not hold it ``min_visits`` times visited."""
    spot = spot_key(public, cards, me, opponent)
    if spot is None:
        return None
    key, actions = spot
    row = solved_row(key)
    if row is None or row[0] < min_visits or len(row[1]) != len(actions):
        return None
    pick = rng.random() * sum(row[1])
    for action, p in zip(actions, row[1], strict=True):
        pick -= p
        if pick < 0:
            return action
    return actions[-1]
