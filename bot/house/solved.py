"""The computed strategy (issue 40): ``bench.mccfr``'s solution of an abstraction of heads-up
fixed-limit 2-7 Triple Draw, and the map from what a house seat sees onto it.

The abstraction is owned here, because both sides read it: the solver (``bench/mccfr.py``)
trains on it, and the strong level looks its own spot up in the solved table
(``solved.json.gz``, written by ``python -m bench.mccfr --out``):

- cards as 19 **buckets** (``bucket``): before the last round a hand the draw rule
  (``draw_rule``) stands pat on by its class (a seven, a smooth eight, a rough eight, a nine, a
  ten), a draw by how many cards it takes and how high it keeps; on the last round the final
  hand by eight classes (``final_class``);
- the **draw as a decision** (``draw_options``, ``kept_by``): stand pat (``PAT``: on a made
  hand, or a snow on a draw) or draw (``DRAW``: the rule's draw, or on a hand the rule stands
  pat on, a break of its highest card); a seven or a smooth eight always stands pat. The
  count each player draws is public;
- an **information set** (``set_key``): the betting round (for a draw, the round it follows),
  the bucket, the seat (0 the big blind, who draws first, 1 the button and small blind), the
  opponent's latest draw count (for the button's draw, the big blind's draw just made), whether
  this player is snowing (``snowing``), the pot in half small bets and this round's
  actions (``c`` check or call, ``r`` bet or raise; ``d`` for a draw). Earlier rounds' betting
  is kept only as the pot's size.

What the abstraction loses: the draw's cards inside the two choices (which low cards to keep),
card removal and suits, the order of earlier rounds' bets, the opponent's draws before its
latest and everything inside a bucket. The table holds each information set's average strategy
where the solver visited it ``bench.mccfr.MIN_VISITS`` times or more; the strong level plays it
heads-up on the rounds and spots ``bot.house.strong`` names where the table holds the spot
(``solved_action``, ``solved_draw``) and its own rules everywhere else.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Final

from bot.engine.hand import Phase, PublicView, SeatView

TABLE_PATH: Final = Path(__file__).with_name("solved.json.gz")
STRAIGHTS: Final = frozenset(0b11111 << low for low in range(9))
DRAWS: Final = 3
FOLD, CALL, RAISE = "f", "c", "r"
PAT, DRAW = "p", "d"
"""The draw's choices: stand pat (on a made hand, or a snow), or draw (the rule's draw, or a
break)."""
DRAW_LINE: Final = "d"
"""An information set's line at a draw (no betting line holds a ``d``)."""
NOT_YET: Final = 9
"""A draw count in an information set before the first draw."""


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


def draw_options(hand: Sequence[int], draws_left: int) -> str:
    """The draw's choices for ``hand``: a seven or a smooth eight only stands pat; any other
    hand stands pat (a pat nine or ten, a snow) or draws (``kept_by``)."""
    return PAT if final_class(hand) <= 1 else PAT + DRAW


def kept_by(hand: Sequence[int], draws_left: int, choice: str) -> list[int]:
    """The cards a draw ``choice`` keeps: all five to stand pat; to draw, the rule's kept
    cards, or when the rule would stand pat (a break) the four lowest."""
    if choice == PAT:
        return list(hand)
    kept = draw_rule(hand, draws_left)
    if len(kept) == 5:
        return sorted(hand, key=_rank)[:4]
    return kept


def snowing(hand: Sequence[int], latest_draw: int) -> int:
    """1 when a player stood pat at its latest draw (``latest_draw`` 0) on a jack or worse: a
    snow; else 0 (its own pat on a made hand is public, and its bucket tells the rest)."""
    return 1 if latest_draw == 0 and final_class(hand) >= 5 else 0


def set_key(
    betting_round: int, hand_bucket: int, seat: int, seen: int, snow: int, pot: int, line: str
) -> str:
    """An information set's key in the table (the solver's ``info_key`` and ``spot_key`` both
    build it here): ``seen`` is the opponent's latest draw count (``NOT_YET`` before its
    first), ``snow`` whether this player is snowing (``snowing``)."""
    return f"{betting_round}.{hand_bucket}.{seat}.{seen}.{snow}.{pot}.{line}"


@cache
def solved_table() -> dict[str, str]:
    """The solved table, read once on first use (gzip-compressed JSON: a few milliseconds):
    information set -> its visit count, then the probability of each legal action (fold, check
    or call, bet or raise; at a draw, stand pat or draw) in thousandths, as one string of
    numbers (parsed when the set is looked up)."""
    data = json.loads(gzip.decompress(TABLE_PATH.read_bytes()))
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


def _heads_up_units(public: PublicView, me: SeatView, opponent: SeatView) -> int | None:
    """The pot in the abstraction's units (half small bets) at a heads-up spot of whole units
    with both players in and neither all in; ``None`` where the abstraction has no such spot."""
    if len(public.seats) != 2 or me.state != "active" or opponent.state != "active":
        return None
    unit, rest = divmod(public.small_bet, 2)
    if rest or public.small_blind * 2 != public.small_bet or public.big_blind != public.small_bet:
        return None
    pot, odd = divmod(public.pot_total, unit)
    return None if odd else pot


def _snow(seat: SeatView, hand: Sequence[int], before: int) -> int:
    """``snowing`` for ``seat`` holding ``hand`` before its draw ``before`` (0-based) or the
    betting round of that number."""
    latest = seat.draw_counts[before - 1] if before else None
    return snowing(hand, NOT_YET if latest is None else latest)


def spot_key(
    public: PublicView, cards: Sequence[int], me: SeatView, opponent: SeatView
) -> tuple[str, str] | None:
    """(the information set, its legal actions) of a heads-up betting decision, or ``None``
    where the abstraction has no such spot (chips not in whole half small bets, a short
    stack)."""
    legal = public.legal
    if legal is None or public.phase is not Phase.BETTING or legal.call_is_all_in:
        return None
    pot = _heads_up_units(public, me, opponent)
    if pot is None:
        return None
    round_ = public.betting_round
    seat = 0 if me.is_big_blind else 1
    seen = opponent.draw_counts[round_ - 1] if round_ else NOT_YET
    if seen is None:
        return None
    first = 1 if round_ == 0 else 0  # the button acts first before the draw
    raises = legal.bets_this_round - (1 if round_ == 0 else 0)
    acted = 0 if seat == first else 1  # parity of the actions so far this round
    line = (CALL if raises % 2 != acted % 2 else "") + RAISE * raises
    actions = (FOLD if legal.call_amount else "") + CALL + (RAISE if legal.can_bet_or_raise else "")
    ints = [int(c) for c in cards]
    hand_bucket = bucket(ints, DRAWS - round_)
    key = set_key(round_, hand_bucket, seat, seen, _snow(me, ints, round_), pot, line)
    return key, actions


def draw_spot_key(
    public: PublicView, cards: Sequence[int], me: SeatView, opponent: SeatView
) -> tuple[str, str] | None:
    """(the information set, its choices) of a heads-up draw, or ``None`` where the
    abstraction has no such spot. The big blind draws first: the button's set holds the count
    the big blind has just drawn."""
    if public.phase is not Phase.DRAWING:
        return None
    pot = _heads_up_units(public, me, opponent)
    if pot is None:
        return None
    index = public.draw_round - 1
    seat = 0 if me.is_big_blind else 1
    latest = index + seat  # the button sees this draw's count, the big blind the one before
    seen = opponent.draw_counts[latest - 1] if latest else NOT_YET
    if seen is None:
        return None
    ints = [int(c) for c in cards]
    draws_left = DRAWS - index
    key = set_key(
        index, bucket(ints, draws_left), seat, seen, _snow(me, ints, index), pot, DRAW_LINE
    )
    return key, draw_options(ints, draws_left)


def _table_pick(
    spot: tuple[str, str] | None, rng: random.Random, min_visits: int, floor: float
) -> str | None:
    """An action drawn from the table's average strategy at ``spot`` (its key and legal
    actions), its actions under ``floor`` dropped, or ``None`` where the table does not hold
    it ``min_visits`` times visited."""
    if spot is None:
        return None
    key, actions = spot
    row = solved_row(key)
    if row is None or row[0] < min_visits or len(row[1]) != len(actions):
        return None
    mix = purified(row[1], floor)
    pick = rng.random() * sum(mix)
    for action, p in zip(actions, mix, strict=True):
        pick -= p
        if pick < 0:
            return action
    return actions[-1]


def purified(mix: Sequence[float], floor: float) -> list[float]:
    """``mix`` with every probability under ``floor`` set to zero (purification, Ganzfried and
    Sandholm 2012: an average strategy keeps a little of every action where regrets were
    close or visits few, the remnant of its uniform start, and a best response feeds on those
    slips); the largest always stays."""
    top = max(mix)
    return [p if p >= floor or p == top else 0.0 for p in mix]


def solved_action(
    public: PublicView,
    cards: Sequence[int],
    me: SeatView,
    opponent: SeatView,
    rng: random.Random,
    min_visits: int,
    floor: float = 0.0,
) -> str | None:
    """The table's betting action (``f``, ``c`` or ``r``) drawn from its average strategy at
    this spot (``purified`` by ``floor``), or ``None`` where the table does not hold it
    ``min_visits`` times visited."""
    return _table_pick(spot_key(public, cards, me, opponent), rng, min_visits, floor)


def solved_draw(
    public: PublicView,
    cards: Sequence[int],
    me: SeatView,
    opponent: SeatView,
    rng: random.Random,
    min_visits: int,
    floor: float = 0.0,
) -> str | None:
    """The table's draw (``PAT`` or ``DRAW``) at this spot (``purified`` by ``floor``), or
    ``None`` where the table does not hold it ``min_visits`` times visited or the hand has no
    choice (a seven or a smooth eight stands pat)."""
    spot = draw_spot_key(public, cards, me, opponent)
    if spot is None or len(spot[1]) == 1:
        return None
    return _table_pick(spot, rng, min_visits, floor)
