"""House players' decisions by thresholds on counted odds (the beginner and solid levels).

``bot.house.levels.decide`` reads only the views (never a ``Hand``), so a house player knows
exactly what a member in its seat would know: its own five cards, the bets, the stacks and how
many cards everyone drew. Here the choices come from counted odds (``bot.house.odds``):

- the draw keeps the best low cards (one card per rank, no straight or flush), up to an 8 while
  two or three draws are left and up to a 9 or 10 on the last draw, choosing among those keeps
  the one whose chance of ending as a 7-low, 8-low, ... is worth most; it stands pat on a made 8
  or better and breaks a rough 9 or 10 against several one-card draws;
- before the first draw it plays by the value of its best draw, position and the raises;
- after a draw it estimates its chance to win against each opponent from the opponent's draw
  count (a pat, a one-card draw, ...) and bets, calls or folds on that and the pot odds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from bot.engine.cards import Card
from bot.engine.hand import Phase, PublicView, SeatView
from bot.house.odds import (
    CLASSES,
    WORSE,
    class_distribution,
    made_class,
    rank_mask,
)

DRAWS: Final = 3
"""Draws in a hand of Triple Draw."""

CLASS_WORTH: Final[tuple[float, ...]] = (1.0, 0.7, 0.4, 0.2, 0.1, 0.05, 0.02, 0.0)
"""What ending in each class (7-low ... king-low, worse) is worth when choosing a draw: about
how often such a hand wins a showdown in a typical pot."""


class Action(StrEnum):
    """A betting action."""

    FOLD = "fold"
    """Give up the hand."""
    CHECK_CALL = "check_call"
    """Check when nothing is owed, else call."""
    BET_RAISE = "bet_raise"
    """Bet, or raise when there is a bet."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a house player does: a betting ``action``, or (``action is None``) a draw."""

    action: Action | None = None
    """The betting action, or ``None`` for a draw."""
    discards: tuple[Card, ...] = ()
    """The cards thrown in a draw; empty = stands pat."""

    @property
    def is_draw(self) -> bool:
        """Whether this is a draw (possibly standing pat) rather than a betting action."""
        return self.action is None

    @property
    def stands_pat(self) -> bool:
        """Whether this is a draw of no card."""
        return self.action is None and not self.discards


FOLD: Final = Decision(Action.FOLD)
CHECK_CALL: Final = Decision(Action.CHECK_CALL)
BET_RAISE: Final = Decision(Action.BET_RAISE)


@dataclass(frozen=True, slots=True)
class Style:
    """How a house player plays: thresholds on the counted odds."""

    name: str
    open_value: tuple[float, float, float, float, float]
    """Least draw value to open with a raise before the draw: early, middle, late (cutoff and
    button), small blind, big blind (raising a limped pot)."""
    call_value: tuple[float, float, float, float, float]
    """Least draw value to call one raise before the draw, by the same positions."""
    reraise_value: float
    """Least draw value to raise a raise before the draw."""
    complete_value: float
    """Least draw value for the small blind to complete when nobody raised."""
    heads_up_discount: float
    """Subtracted from every pre-draw threshold when only two players are dealt in."""
    bet_margin: float
    """Bet after a draw when the chance to win beats a fair share (1 / players) by this much."""
    raise_margin: float
    """Raise a bet when the chance to win beats a fair share by this much."""
    call_factor: float
    """Call when chance x (pot + call) >= call x this factor (1.0 = exact pot odds)."""
    keep_early: int
    """Highest rank kept while two or three draws are left."""
    keep_last: int
    """Highest rank kept on the last draw."""
    pat_high: int
    """Stand pat on any made hand this high or lower."""
    break_rough: bool
    """Break a rough pat 9 or 10 against two or more one-card draws (else keep any 9 or 10)."""
    break_all: bool
    """Break every pat 9 or 10 while two or more draws are left (draws more)."""
    bluff_rate: float
    """Chance to bet a weak hand after a draw when checked to."""
    snow_rate: float
    """Chance to stand pat on a bad hand heads-up against a two-or-more-card draw."""
    reads_ranges: bool = False
    """Play by equity against the opponents' ranges (``bot.house.strong``) rather than by
    these thresholds alone: the strong level."""
    break_premium: float = 0.0
    """With ranges: equity a draw may give up to a pat hand while two or more draws are left
    (a draw keeps the implied odds of a premium hand)."""
    odds_slope: float = 0.0
    """With ranges: how much the draw value needed to call before the draw falls per unit of
    pot odds above 2.5 to 1."""
    reraise_margin: float | None = None
    """With ranges: raise a raise before the draw when the best draw's equity against the
    players in the pot beats a fair share by this much (``None``: by ``reraise_value``)."""
    oop_margin: float = 0.0
    """With ranges: a made hand that an opponent acts after bets for value only when its
    chance beats a fair share by ``bet_margin`` plus this much (its betters raise, its worse
    hands that would bet into a check fold instead)."""
    bluff_read: float = 0.9
    """With ranges: the weight, against its made hands, of a drawing opponent's weaker hands in
    its range once it bets (or raises) the last round: how often it is read as bluffing."""
    call_top: int = 3
    """With ranges: on the last round, a bet is called by the opponent's hands of this class
    (index into ``CLASSES``: 3 = a 10-low) or better; a value bet is judged against them."""
    solved_rounds: tuple[int, ...] = ()
    """With ranges, heads-up: the betting rounds (0 before the draw, 3 after the last draw) on
    which it bets by the computed strategy (``bot.house.solved``) where the table holds the
    spot; its own rules decide everywhere else."""
    solved_draws: tuple[int, ...] = ()
    """With ranges, heads-up: the draws (0 the first) at which it stands pat or draws by the
    computed strategy where the table holds the spot (``bot.house.strong._solved_discards``)."""
    solved_draw_floor: float = 0.0
    """With ``solved_draws``: a draw choice the table makes less often than this is never
    made (``bot.house.solved.purified``)."""
    solved_visits: int = 100
    """With ``solved_rounds``: the least number of solver visits of an information set for the
    table to decide there (fewer: the row is still mostly its uniform start)."""


SOLID: Final = Style(
    name="solid",
    open_value=(0.47, 0.45, 0.40, 0.41, 0.42),
    call_value=(0.45, 0.44, 0.40, 0.38, 0.30),
    reraise_value=0.56,
    complete_value=0.36,
    heads_up_discount=0.05,
    bet_margin=0.12,
    raise_margin=0.22,
    call_factor=1.1,
    keep_early=8,
    keep_last=10,
    pat_high=8,
    break_rough=True,
    break_all=False,
    bluff_rate=0.04,
    snow_rate=0.03,
)
"""Sound, draw-aware play: tight before the draw, value bets, pays off by pot odds."""

BEGINNER: Final = Style(
    name="beginner",
    open_value=(0.42, 0.40, 0.36, 0.36, 0.40),
    call_value=(0.30, 0.30, 0.28, 0.28, 0.22),
    reraise_value=0.62,
    complete_value=0.0,
    heads_up_discount=0.03,
    bet_margin=0.2,
    raise_margin=0.32,
    call_factor=0.45,
    keep_early=7,
    keep_last=9,
    pat_high=8,
    break_rough=True,
    break_all=True,
    bluff_rate=0.0,
    snow_rate=0.0,
)
"""Beginners' tables, loose and passive on purpose: calls a lot, seldom bets or raises, never
bluffs, draws more (keeps only sevens early, breaks pat nines)."""

LOOSE: Final = BEGINNER
"""The level that tables stored as ``loose`` before levels existed now play."""

STRONG: Final = Style(
    name="strong",
    open_value=(0.45, 0.43, 0.37, 0.37, 0.47),
    call_value=(0.45, 0.44, 0.44, 0.44, 0.37),
    reraise_value=0.46,
    complete_value=0.36,
    heads_up_discount=0.04,
    bet_margin=0.0,
    raise_margin=0.25,
    call_factor=1.0,
    keep_early=8,
    keep_last=10,
    pat_high=8,
    break_rough=True,
    break_all=False,
    bluff_rate=0.1,
    snow_rate=0.08,
    reads_ranges=True,
    break_premium=0.02,
    odds_slope=0.01,
    reraise_margin=0.03,
    oop_margin=0.2,
    call_top=3,
    bluff_read=0.3,
    solved_rounds=(2, 3),
    solved_draws=(0, 1, 2),
    solved_draw_floor=0.3,
)
"""Equity against the opponents' ranges for every choice (``bot.house.strong``). It snows
rarely (8% of its chances): an opponent who reads a pat after a two-card draw as a snow and
pays it off (Haney, "Playing Against A Pat Hand") won 2.5 bb/100 heads-up against 15%."""

LEVELS: Final[dict[str, Style]] = {BEGINNER.name: BEGINNER, SOLID.name: SOLID, STRONG.name: STRONG}
"""The house levels an admin chooses from, weakest first."""

STYLES: Final[dict[str, Style]] = {**LEVELS, "loose": BEGINNER}
"""Every stored style name and what it plays: the levels, and ``loose`` (the old name of
the beginner level) so that tables stored before levels restore."""

# Positions before the draw, indices into ``Style.open_value`` / ``call_value``.
EARLY, MIDDLE, LATE, SMALL_BLIND, BIG_BLIND = range(5)


@dataclass(frozen=True, slots=True)
class _Keep:
    """A draw option: the cards kept, their rank mask, and what drawing to them is worth."""

    kept: tuple[Card, ...]
    mask: int
    worth: float


def decide_by_thresholds(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> Decision:
    """The beginner and solid levels' move: thresholds on the counted odds (``bot.house.levels``
    has checked it is this player's turn)."""
    if public.phase is Phase.DRAWING:
        return Decision(discards=choose_discards(public, cards, opponents, style, rng))
    if public.betting_round == 0:
        return _before_the_draw(public, cards, me, style)
    return _after_a_draw(public, cards, me, opponents, style, rng)


# ---------------------------------------------------------------------- draws


def choose_discards(
    public: PublicView,
    cards: Sequence[Card],
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> tuple[Card, ...]:
    """The cards to throw now (empty = stand pat)."""
    draws_left = DRAWS + 1 - public.draw_round
    made = made_class(cards)
    high = max(c.rank for c in cards)
    if made != WORSE and high <= style.pat_high:
        return ()
    if made != WORSE and high <= 10:
        one_card = sum(1 for s in opponents if _last_draw(s) in (0, 1))
        rough = sorted(c.rank for c in cards)[3] >= 7
        breaks = (style.break_all and draws_left >= 2) or (
            style.break_rough and rough and one_card >= 2
        )
        if not breaks:
            return ()
        keep = _best_keep(cards, min(high - 1, style.keep_last), draws_left)
        return _thrown(cards, keep.kept)
    if (
        len(opponents) == 1
        and draws_left <= 2
        and (_last_draw(opponents[0]) or 0) >= 2
        and rng.random() < style.snow_rate
    ):
        return ()  # a snow: stand pat on a bad hand against a weak draw
    limit = style.keep_early if draws_left >= 2 else style.keep_last
    keep = _best_keep(cards, limit, draws_left)
    if made != WORSE and CLASS_WORTH[made] >= keep.worth:
        return ()
    return _thrown(cards, keep.kept)


def _thrown(cards: Sequence[Card], kept: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c not in kept)


def _best_keep(cards: Sequence[Card], limit: int, draws_left: int) -> _Keep:
    """The most valuable set of low cards to draw to, keeping ranks up to ``limit``."""
    best: _Keep | None = None
    for top in range(7, max(limit, 7) + 1):
        kept = low_cards(cards, top)
        if len(kept) == 5:
            kept = kept[:4]  # a straight or flush here: draw to the four lowest
        mask = rank_mask(c.rank for c in kept)
        worth = _worth(class_distribution(mask, draws_left))
        if best is None or worth > best.worth:
            best = _Keep(kept, mask, worth)
    assert best is not None
    return best


def low_cards(cards: Sequence[Card], top: int) -> tuple[Card, ...]:
    """One card of each rank up to ``top``, lowest first; of a pair, the card whose suit the
    other kept cards share least (so four kept cards are not all one suit when avoidable)."""
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(cards):
        if c.rank <= top:
            by_rank.setdefault(c.rank, []).append(c)
    kept: list[Card] = []
    for rank in sorted(by_rank):
        options = by_rank[rank]
        if len(options) == 1:
            kept.append(options[0])
        else:
            suits = [k.suit for k in kept]
            kept.append(min(options, key=lambda c: suits.count(c.suit)))
    return tuple(kept)


def _worth(dist: Sequence[float]) -> float:
    return sum(p * w for p, w in zip(dist, CLASS_WORTH, strict=True))


def _last_draw(seat: SeatView) -> int | None:
    """Cards ``seat`` drew in its latest draw (this draw if it already drew), or ``None``."""
    for count in reversed(seat.draw_counts):
        if count is not None:
            return count
    return None


# ---------------------------------------------------------------------- before the draw


def draw_value(cards: Sequence[Card]) -> float:
    """What the hand is worth before the draw: a pat 8 or better, else its best draw."""
    made = made_class(cards)
    if made != WORSE and CLASSES[made] <= 8:
        return 1.0 if CLASSES[made] == 7 else 0.85
    value = _best_keep(cards, 8, DRAWS).worth
    if made != WORSE:
        value = max(value, 0.6 if CLASSES[made] == 9 else 0.45 if CLASSES[made] == 10 else 0.0)
    return value


def position_of(public: PublicView, me: SeatView) -> int:
    """Early, middle, late or a blind, from how many active players act after ``me``."""
    if me.is_big_blind:
        return BIG_BLIND
    if me.is_small_blind:
        return LATE if len(public.seats) == 2 else SMALL_BLIND
    order = _preflop_order(public)
    if me.player_id not in order:
        return LATE
    behind = len(order) - 1 - order.index(me.player_id)
    behind_before_blinds = behind - 2
    if behind_before_blinds <= 1:
        return LATE
    if behind_before_blinds == 2:
        return MIDDLE
    return EARLY


def _preflop_order(public: PublicView) -> list[int]:
    """Active player ids in the pre-draw betting order (left of the big blind first)."""
    seats = sorted(public.seats, key=lambda s: s.seat)
    start = next(i for i, s in enumerate(seats) if s.is_big_blind) + 1
    rotated = seats[start:] + seats[:start]
    return [s.player_id for s in rotated if s.state != "folded"]


def _before_the_draw(
    public: PublicView, cards: Sequence[Card], me: SeatView, style: Style
) -> Decision:
    legal = public.legal
    assert legal is not None
    value = draw_value(cards)
    position = position_of(public, me)
    discount = style.heads_up_discount if len(public.seats) == 2 else 0.0
    raises = legal.bets_this_round - 1
    can_raise = legal.can_bet_or_raise
    if raises <= 0:
        if value >= style.open_value[position] - discount and can_raise:
            return BET_RAISE
        if legal.can_check:
            return CHECK_CALL
        if position == SMALL_BLIND and value >= style.complete_value - discount:
            return CHECK_CALL
        return FOLD
    if raises == 1:
        if value >= style.reraise_value - discount and can_raise:
            return BET_RAISE
        if value >= style.call_value[position] - discount:
            return CHECK_CALL
        return FOLD
    if value >= style.reraise_value + 0.1 and can_raise:
        return BET_RAISE
    if value >= style.call_value[position] + 0.05 - discount:
        return CHECK_CALL
    return FOLD


# ---------------------------------------------------------------------- after a draw

# What an opponent keeps, by the number of cards it just drew (a typical hand of that count).
_TYPICAL_KEEP: Final[dict[int, int]] = {
    1: rank_mask((2, 4, 5, 8)),
    2: rank_mask((3, 5, 7)),
    3: rank_mask((3, 6)),
    4: rank_mask((5,)),
    5: 0,
}
# A pat hand: mostly 7s and 8s, some 9s and 10s, a few snows.
_PAT: Final[tuple[float, ...]] = (0.25, 0.4, 0.17, 0.08, 0.03, 0.02, 0.0, 0.05)


def _opponent_distribution(last_draw: int | None, draws_left: int) -> tuple[float, ...]:
    """Final classes of an opponent who drew ``last_draw`` cards, ``draws_left`` draws to come."""
    if last_draw == 0:
        return _PAT
    keep = _TYPICAL_KEEP[last_draw if last_draw is not None else 2]
    # The cards it just drew are unseen: they are one more draw at its kept cards.
    return class_distribution(keep, draws_left + 1)


def _my_distribution(
    cards: Sequence[Card], draws_left: int, style: Style
) -> tuple[tuple[float, ...], float]:
    """My final classes and my share of a tie within a class."""
    made = made_class(cards)
    if made != WORSE and (draws_left == 0 or CLASSES[made] <= 10):
        ranks = sorted((c.rank for c in cards), reverse=True)
        high, second = ranks[0], ranks[1]
        share = min(0.9, max(0.1, 1.0 - (second - 4) / (high - 4)))
        return tuple(1.0 if i == made else 0.0 for i in range(WORSE + 1)), share
    if draws_left == 0:
        return tuple(1.0 if i == WORSE else 0.0 for i in range(WORSE + 1)), 0.5
    limit = style.keep_early if draws_left >= 2 else style.keep_last
    keep = _best_keep(cards, limit, draws_left)
    return class_distribution(keep.mask, draws_left), 0.5


def _win_chance(mine: Sequence[float], share: float, theirs: Sequence[float]) -> float:
    """Chance that my final hand beats theirs (ties in a class split by ``share``)."""
    chance = 0.0
    below = 0.0  # their chance to end in a worse class than ``a``
    for a in range(len(mine) - 1, -1, -1):
        if mine[a]:
            chance += mine[a] * (below + theirs[a] * share)
        below += theirs[a]
    return chance


def _after_a_draw(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> Decision:
    legal = public.legal
    assert legal is not None
    draws_left = DRAWS - public.betting_round
    mine, share = _my_distribution(cards, draws_left, style)
    snowing = me.draw_counts[public.betting_round - 1] == 0 and mine[WORSE] == 1.0
    chance = 1.0
    for seat in opponents:
        theirs = _opponent_distribution(_last_draw(seat), draws_left)
        chance *= _win_chance(mine, share, theirs)
    fair = 1.0 / (len(opponents) + 1)
    call = legal.call_amount
    can_raise = legal.can_bet_or_raise
    if call == 0:
        if can_raise and chance >= fair + style.bet_margin:
            return BET_RAISE
        if can_raise and (snowing or rng.random() < style.bluff_rate) and len(opponents) == 1:
            return BET_RAISE
        return CHECK_CALL
    if can_raise and chance >= fair + style.raise_margin:
        return BET_RAISE
    if snowing:
        return FOLD
    if chance * (public.pot_total + call) >= call * style.call_factor:
        return CHECK_CALL
    return FOLD
