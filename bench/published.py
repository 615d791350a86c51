"""Opponents for the house benchmark, written from published 2-7 Triple Draw strategy.

They share nothing with the house's strategy but the engine's views and the counted hand
classes: each is a ``RulePlayer`` with its own parameters, playing the hand categories, draw
rules and betting lines published advice teaches.

Sources:

- Kevin Haney, Card Player's 2-7 Triple Draw series: "Deuce-To-Seven Triple Draw Lowball:
  Starting Hands" (26 Feb 2020, https://www.cardplayer.com/cardplayer-poker-magazines/66430-stephen-chidwick-33-5/articles/23928-deuce-to-seven-triple-draw-lowball-starting-hands),
  "Dealing With Nines After The First Draw" (21 Apr 2021, https://www.cardplayer.com/cardplayer-poker-magazines/66460-mj-gonzales-34-9/articles/24232-deuce-to-seven-triple-draw-lowball-dealing-with-nines-after-the-first-draw),
  "The Art of Snowing" (14 Jul 2021, https://www.cardplayer.com/cardplayer-poker-magazines/66466-david-peters-34-15/articles/24289-deuce-to-seven-triple-draw-lowball-the-art-of-snowing),
  "Triple Draw: Playing Against A Pat Hand" (29 Dec 2021, https://cardplayer.com/cardplayer-poker-magazines/66479-koray-aldemir-35-1/articles/24415-triple-draw-playing-against-a-pat-hand),
  "Analyzing A Turn Snow" (12 Jan 2022, https://www.cardplayer.com/cardplayer-poker-magazines/66480-josh-arieh-35-2/articles/24430-deuce-to-seven-triple-draw-lowball-analyzing-a-turn-snow).
- Mark Gritter, "Standing pat when you're not the favorite in Triple Draw"
  (https://steemcn.xyz/poker/@markgritter/standing-pat-when-you-re-not-the-favorite-in-triple-draw):
  a pat jack is a favourite against one one-card draw on the last draw; snowing the last draw
  risks two bets to win five, so it pays unless called about 70% of the time.
- Pete Clarke, "Introduction to 2-7 Triple Draw", PokerStars Learn (13 Dec 2019,
  https://www.pokerstars.com/poker/learn/strategies/intro-2-7-triple-draw/): a made nine is
  usually best heads-up at showdown but a thin value bet; a ten or jack still a slight favourite
  against a busted draw.
- Daniel Negreanu, "Triple Draw" chapter in Doyle Brunson's *Super System 2* (Cardoza, 2005):
  play draws with a deuce, bet when you draw fewer cards than your opponent, and attack weakness
  in position.
- Pete Clarke, "8-Game Hand Review - 2-7 Triple Draw Instalment", PokerStars Learn
  (https://pokerstarslearn.com/poker/learn/strategies/8-game-hand-review-2-7-triple-draw-instalment/):
  heads-up the usual standard for a raise is two low cards (eight or under), a deuce with a seven
  best; a made eight is a monster heads-up and a made nine usually enough.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import Card
from bot.engine.hand import Phase, PrivateView, PublicView, SeatView
from bot.house.odds import WORSE, is_straight, made_class, rank_mask
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD, Decision

# Positions as the published ranges name them.
EARLY, MIDDLE, LATE, SMALL_BLIND, BIG_BLIND = range(5)


@dataclass(frozen=True, slots=True)
class RuleParams:
    """A published-style player, as numbers a search may also tune."""

    name: str
    open_tier: tuple[int, int, int, int, int]
    """Worst starting tier (``tier``) opened with a raise: early, middle, late, small blind,
    big blind (raising a limp); heads-up the button uses ``late``."""
    defend_tier: int
    """Worst tier that calls one raise (the big blind plays one tier wider)."""
    three_bet_tier: int
    """Worst tier that raises a raise."""
    call_three_bet_tier: int
    """Worst tier that calls two raises or more."""
    break_nines: bool
    """Break a pat nine over a four-card eight draw with two or more draws left (Haney)."""
    pat_last: int
    """Worst class stood pat on the last draw heads-up (3 = a ten, 4 = a jack: Gritter)."""
    bet_ahead: float
    """Chance to bet when drawing fewer cards than every opponent (Negreanu)."""
    call_pat_top: int
    """Facing a pat hand's bet with draws left: call with a one-card draw whose top card is at
    most this (8 = an eight draw); 0 = fold every draw."""
    call_pat_extra: float
    """Chance to call a pat hand's bet anyway (a read on snows)."""
    snow_rate: float
    """Chance to snow heads-up against a two-card or worse draw, instead of a two-card draw."""
    bluff_rate: float
    """Chance to bet a busted hand on the last round when checked to."""
    value_top: int
    """Worst class bet for value on the last round heads-up (2 = a nine)."""
    call_top: int
    """Worst class that calls a last-round bet from a drawing hand (4 = a jack)."""
    call_top_pat: int
    """Worst class that calls a last-round bet from a hand pat earlier (2 = a nine)."""
    raise_top: int
    """Worst made class that raises after a draw (1 = an eight)."""
    heads_up_open: int = -1
    """Worst tier the button opens heads-up (-1 = ``open_tier``'s late position)."""
    heads_up_defend: int = -1
    """Worst tier that calls one raise heads-up (the big blind one wider; -1 = ``defend_tier``)."""
    snow_need: int = 2
    """Snow only instead of a draw of at least this many cards (3 = only when the draw given
    up is poor, so the snow costs little: Haney, "Analyzing A Turn Snow")."""
    gentleman_snow: float = 0.0
    """Heads-up, after drawing one card at the first draw and missing (a pair or worse), the
    chance to stand pat at the second draw against a player still drawing (Haney's
    "Gentleman's Snow")."""
    read_snows: int = 0
    """Facing the bet of a player who stood pat right after drawing this many cards or more,
    call with a draw of two cards or fewer, as against a likely snow (Haney, "Playing Against
    A Pat Hand"); 0 = never."""


HANEY_TAG = RuleParams(
    name="haney tag",
    open_tier=(1, 2, 3, 3, 2),
    defend_tier=2,
    three_bet_tier=1,
    call_three_bet_tier=3,
    break_nines=True,
    pat_last=4,
    bet_ahead=0.9,
    call_pat_top=8,
    call_pat_extra=0.0,
    snow_rate=0.05,
    bluff_rate=0.15,
    value_top=2,
    call_top=4,
    call_top_pat=2,
    raise_top=1,
)
"""Tight-aggressive, by Haney's Card Player series: the starting hands by position, pat eights,
break convertible nines, bet ahead in the draw, fold draws worse than an eight to a pat hand."""

GRITTER_SNOW = RuleParams(
    name="snowing lag",
    open_tier=(2, 3, 4, 4, 3),
    defend_tier=3,
    three_bet_tier=2,
    call_three_bet_tier=4,
    break_nines=True,
    pat_last=4,
    bet_ahead=1.0,
    call_pat_top=9,
    call_pat_extra=0.25,
    snow_rate=0.45,
    bluff_rate=0.4,
    value_top=3,
    call_top=5,
    call_top_pat=3,
    raise_top=2,
)
"""Loose-aggressive with snows and last-round bluffs, by Haney's "The Art of Snowing" and
Gritter: snows two-card draws against two-card draws, bluffs busted hands, pays off wider."""

CLARKE_PRO = RuleParams(
    name="position pro",
    open_tier=(1, 1, 3, 2, 2),
    defend_tier=2,
    three_bet_tier=1,
    call_three_bet_tier=2,
    break_nines=True,
    pat_last=4,
    bet_ahead=1.0,
    call_pat_top=8,
    call_pat_extra=0.1,
    snow_rate=0.3,
    bluff_rate=0.25,
    value_top=2,
    call_top=4,
    call_top_pat=2,
    raise_top=1,
    heads_up_open=4,
    heads_up_defend=3,
    snow_need=3,
    gentleman_snow=0.35,
    read_snows=2,
)
"""Tight and position-aware, the regular's game the sources teach together: opens few hands
early and wide late, and heads-up raises the button with two low cards, a deuce and a seven
best, and defends the big blind with them (Clarke, PokerStars Learn, "8-Game Hand Review -
2-7 Triple Draw Instalment",
https://pokerstarslearn.com/poker/learn/strategies/8-game-hand-review-2-7-triple-draw-instalment/);
three-bets only the best draws; always bets when ahead in the draw (Negreanu); snows rarely
and only where it costs little, instead of a three-card or worse draw against a two-card or
worse draw, or a missed one-card draw on the second draw (Haney, "The Art of Snowing" and
"Analyzing A Turn Snow"); bluffs the end at about the rate that makes a call break even
(Gritter); pays off a pat hand's bet with a one-card draw to an eight, or with a two-card draw
when the pat came right after a draw of two or more (Haney, "Playing Against A Pat Hand").
Against the other two published players it wins heads-up and six-handed, or loses less."""

PUBLISHED = (HANEY_TAG, GRITTER_SNOW, CLARKE_PRO)


def tier(cards: Sequence[Card]) -> int:
    """Starting-hand tier, 0 best, after Haney's "Starting Hands": 0 a pat eight or a one-card
    draw to a seven; 1 a one-card eight draw, a smooth pat nine or three to a seven with a
    deuce; 2 three to a seven, or three to an eight with a deuce; 3 three to an eight; 4 a
    deuce with another card to a seven; 5 the rest."""
    made = made_class(cards)
    if made <= 1:
        return 0
    lows = sorted({c.rank for c in cards if c.rank <= 8})
    sevens = [r for r in lows if r <= 7]
    if len(sevens) >= 4:
        return 0
    if len(lows) >= 4 or made == 2 or (len(sevens) >= 3 and 2 in sevens):
        return 1
    if len(sevens) >= 3 or (len(lows) >= 3 and 2 in lows):
        return 2
    if len(lows) >= 3:
        return 3
    if len(sevens) >= 2 and 2 in sevens:
        return 4
    return 5


def _position(public: PublicView, me: SeatView) -> int:
    if me.is_big_blind:
        return BIG_BLIND
    if me.is_small_blind:
        return LATE if len(public.seats) == 2 else SMALL_BLIND
    seats = sorted(public.seats, key=lambda s: s.seat)
    start = next(i for i, s in enumerate(seats) if s.is_big_blind) + 1
    order = [s.player_id for s in seats[start:] + seats[:start]]
    behind = len(order) - 1 - order.index(me.player_id) - 2
    return LATE if behind <= 1 else MIDDLE if behind == 2 else EARLY


def _draws(seat: SeatView) -> list[int]:
    return [c for c in seat.draw_counts if c is not None]


def _keep(cards: Sequence[Card], top: int) -> list[Card]:
    kept: list[Card] = []
    for c in sorted(cards):
        if c.rank <= top and all(k.rank != c.rank for k in kept):
            kept.append(c)
    while len(kept) == 5 and (
        is_straight(rank_mask(c.rank for c in kept)) or len({c.suit for c in kept}) == 1
    ):
        kept.pop()
    return kept[:5]


def _snow_suspect(seat: SeatView, thrown: int) -> bool:
    """Whether ``seat`` stands pat right after a draw of ``thrown`` cards or more."""
    history = _draws(seat)
    return len(history) >= 2 and history[-1] == 0 and history[-2] >= thrown


class RulePlayer:
    """A ``Player`` (``bot.house.selfplay``) that plays by ``RuleParams``."""

    def __init__(self, params: RuleParams) -> None:
        self.params = params
        self.__name__ = params.name

    def __call__(self, public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        legal = public.legal
        if legal is None:
            raise ValueError("Nobody is to act.")
        me = next(s for s in public.seats if s.player_id == private.player_id)
        others = [s for s in public.seats if s is not me and s.state != "folded"]
        if public.phase is Phase.DRAWING:
            return Decision(discards=self._draw(private.cards, me, others, rng))
        if public.betting_round == 0:
            return self._before(public, private.cards, me)
        return self._after(public, private.cards, me, others, rng)

    # -------------------------------------------------------------- draws

    def _draw(
        self, cards: Sequence[Card], me: SeatView, others: Sequence[SeatView], rng: random.Random
    ) -> tuple[Card, ...]:
        p = self.params
        history = _draws(me)
        left = 3 - len(history)
        made = made_class(cards)
        heads_up = len(others) == 1
        if history and history[-1] == 0 and made >= 4:
            return ()  # carry the snow on
        if made <= 1:
            return ()
        high = max(c.rank for c in cards)
        if made == 2:
            under = _keep(cards, 8)
            if p.break_nines and left >= 2 and len(under) >= 4:
                return tuple(c for c in cards if c.rank == high)
            return ()
        if made == 3 and left == 1:
            return ()
        if made == 4 and left == 1 and heads_up and p.pat_last >= 4:
            return ()
        kept = _keep(cards, 8 if left >= 2 else 9)
        if len(kept) < 2 and left == 1:
            kept = _keep(cards, 10)
        if (
            heads_up
            and history == [1]
            and made == WORSE
            and _draws(others[0])[-1:] != [0]
            and rng.random() < p.gentleman_snow
        ):
            return ()
        if (
            heads_up
            and left <= 2
            and 5 - len(kept) >= p.snow_need
            and (_draws(others[0]) or [0])[-1] >= 2
            and rng.random() < p.snow_rate
        ):
            return ()
        return tuple(c for c in cards if c not in kept)

    # -------------------------------------------------------------- before the draw

    def _before(self, public: PublicView, cards: Sequence[Card], me: SeatView) -> Decision:
        p = self.params
        legal = public.legal
        assert legal is not None
        t = tier(cards)
        pos = _position(public, me)
        raises = legal.bets_this_round - 1
        if raises <= 0:
            widest = p.open_tier[pos]
            if len(public.seats) == 2 and pos == LATE and p.heads_up_open >= 0:
                widest = p.heads_up_open
            if t <= widest and legal.can_bet_or_raise:
                return BET_RAISE
            if legal.can_check:
                return CHECK_CALL
            if pos == SMALL_BLIND and t <= 3:
                return CHECK_CALL
            return FOLD
        if raises == 1:
            if t <= p.three_bet_tier and legal.can_bet_or_raise:
                return BET_RAISE
            wider = 1 if pos == BIG_BLIND else 0
            defend = p.defend_tier
            if len(public.seats) == 2 and p.heads_up_defend >= 0:
                defend = p.heads_up_defend
            return CHECK_CALL if t <= defend + wider else FOLD
        if t == 0 and legal.can_bet_or_raise:
            return BET_RAISE
        return CHECK_CALL if t <= p.call_three_bet_tier else FOLD

    # -------------------------------------------------------------- after a draw

    def _after(
        self,
        public: PublicView,
        cards: Sequence[Card],
        me: SeatView,
        others: Sequence[SeatView],
        rng: random.Random,
    ) -> Decision:
        p = self.params
        legal = public.legal
        assert legal is not None
        left = 3 - public.betting_round
        made = made_class(cards)
        mine = _draws(me)[-1]
        theirs = [(_draws(s) or [5])[-1] for s in others]
        heads_up = len(others) == 1
        call = legal.call_amount
        snowing = mine == 0 and made >= 4
        if snowing:
            if call == 0 and legal.can_bet_or_raise:
                return BET_RAISE
            return CHECK_CALL if left > 0 and call <= public.small_bet else FOLD
        if left > 0:
            ahead = all(mine < t for t in theirs)
            pat = made <= 3 and mine == 0
            if call == 0:
                if made <= 2 and mine == 0:
                    return BET_RAISE if legal.can_bet_or_raise else CHECK_CALL
                if ahead and legal.can_bet_or_raise and rng.random() < p.bet_ahead:
                    return BET_RAISE
                return CHECK_CALL
            if pat and made <= p.raise_top and legal.can_bet_or_raise:
                return BET_RAISE
            if pat:
                return CHECK_CALL
            need = 5 - len(_keep(cards, 8))
            against_pat = any(t == 0 for t in theirs)
            if against_pat:
                top = max(c.rank for c in _keep(cards, 9))
                if need == 1 and top <= p.call_pat_top:
                    return CHECK_CALL
                if (
                    p.read_snows
                    and need <= 2
                    and any(_snow_suspect(s, p.read_snows) for s in others)
                ):
                    return CHECK_CALL
                return CHECK_CALL if rng.random() < p.call_pat_extra else FOLD
            if need <= 1 or (need == 2 and left >= 2) or (need == 3 and left == 3):
                return CHECK_CALL
            return FOLD
        # the last round
        if call == 0:
            if made <= (p.value_top if heads_up else 1) and legal.can_bet_or_raise:
                return BET_RAISE
            busted = made == WORSE and heads_up and legal.can_bet_or_raise
            if busted and rng.random() < p.bluff_rate:
                return BET_RAISE
            return CHECK_CALL
        if made <= p.raise_top - 1 and legal.can_bet_or_raise:
            return BET_RAISE
        was_pat = any(len(_draws(s)) >= 2 and _draws(s)[-2] == 0 for s in others)
        top = p.call_top_pat if was_pat else p.call_top
        if not heads_up:
            top -= 1
        return CHECK_CALL if made <= top else FOLD


EXPLOIT = RuleParams(
    name="exploit",
    open_tier=(1, 2, 3, 3, 2),
    defend_tier=4,
    three_bet_tier=3,
    call_three_bet_tier=5,
    break_nines=True,
    pat_last=3,
    bet_ahead=1.0,
    call_pat_top=7,
    call_pat_extra=0.25,
    snow_rate=0.0,
    bluff_rate=0.3,
    value_top=1,
    call_top=4,
    call_top_pat=2,
    raise_top=1,
    heads_up_open=5,
    heads_up_defend=-1,
    snow_need=3,
    gentleman_snow=0.0,
    read_snows=2,
)
"""The best opponent ``bench.exploit_search`` found against the strong level (re-run it after
changing the strong level, and paste its result here). Found by
``python -m bench.exploit_search --steps 60 --decks 1500 --seed 11 --jobs 2`` against the
strong level that draws to eights early and snows 8% (from haney tag: +0.7 bb/100 on fresh
decks; the other starts ended at -2.0 and -3.8). It plays loose before the draw heads-up
(opens every button hand, defends every big blind, calls every three-bet), never snows,
pays off a pat hand after a two-card draw and bluffs the end 30%. Seed 7's best (from the
position pro) wins less against this level."""
