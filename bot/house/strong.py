"""The strong house level: each choice by equity against the opponents' ranges.

- Draws: every sensible set of low cards to keep (and standing pat) is scored by its equity
  against the opponents' ranges (``bot.house.ranges``) with the draws left; the best wins, with
  a small premium for drawing while two or more draws are left, since a draw keeps the implied
  odds of a premium hand: so a pat nine over a smooth four-card draw is broken with three draws
  to come (Kevin Haney, "Deuce-To-Seven Triple Draw Lowball: Starting Hands", Card Player,
  26 Feb 2020, https://www.cardplayer.com/cardplayer-poker-magazines/66430-stephen-chidwick-33-5/articles/23928-deuce-to-seven-triple-draw-lowball-starting-hands:
  "9-7-5-4-2 and 9-8-5-4-2 are clear breaks"). Draws keep low cards up to an eight while two
  or more draws are left and up to a ten on the last, as the same series draws: a one-card
  draw to a nine or ten counts as much equity as three to a seven, but it makes a rough hand
  that wins small pots and loses big ones, most of all multiway (the benchmark against the
  published players moved from +0.5 to +2.5 bb/100 six-handed with this alone).
- Calls by pot odds against the range after a draw (a pat hand after a three-card draw is often
  a snow). Before the draw the counted equity of a weak draw overstates what it wins (it
  assumes drawing to the end, never folding), so there the hand's draw value faces a threshold
  that falls as the pot odds grow: a hand that opened calls a three-bet getting 5 to 1.
- Bets when ahead in the draw or ahead in equity, judged against the hands that pay a bet: on
  the last round only the opponents' made hands call, and a made hand out of position against
  drawing opponents needs a clear margin (issue 40's replays against an independent expert: a
  rough eight, a nine or a ten betting into a one-card draw lost to checking). Before the draw
  it re-raises only a hand whose best draw is ahead of the raiser's range (one-card draws; a
  two-card draw calls). It snows heads-up against a two-card or worse draw and bluffs the last
  round at about the share that makes a call break even (Haney,
  "Deuce to Seven Triple Draw Lowball: The Art of Snowing", Card Player, 14 Jul 2021,
  https://www.cardplayer.com/cardplayer-poker-magazines/66466-david-peters-34-15/articles/24289-deuce-to-seven-triple-draw-lowball-the-art-of-snowing;
  Mark Gritter, "Standing pat when you're not the favorite in Triple Draw",
  https://steemcn.xyz/poker/@markgritter/standing-pat-when-you-re-not-the-favorite-in-triple-draw).

Heads-up after the second and the third draw (``STRONG.solved_rounds``) it bets by the
computed strategy (``bot.house.solved``: counterfactual regret minimisation on an abstraction of
the game, solved offline, the draw a decision in it) where its table holds the spot, except a
made hand checked to or not out of position against a draw, and a pat that may be a snow
(``_solved_spot``): there, and before the second draw, and multiway, the rules above decide.
Heads-up at every draw (``STRONG.solved_draws``) the table chooses between standing pat (a pat
nine or ten, a snow) and drawing, its choices under ``solved_draw_floor`` never made
(``_solved_discards``); a draw keeps what the plan above keeps. Measured against the local best
response (docs/TOOLS.md): on 2,000 hands of seeds 29 and 30 its win fell from 29.9 (the rules)
to 20.6 bb/100 with the first table; on 5,200 hands of seeds 28-32 from 19.4 with the first
table to 7.6 with the retrained table and its draws (paired over the same decks, 11.8 ± 5.8).
The table before the second draw did not beat the rules, and its draws unpurified lost 24 ± 14
bb/100 more than purified.

Why counted class distributions and not Monte-Carlo rollouts: the budget is 5 ms a decision at
p99 in pure Python on a shared core. A few hundred rollouts with the evaluator cost about that
alone and are noisy, while the class distributions are exact counts cached by (kept ranks,
draws), so a decision is a few dozen cached look-ups and products (a fraction of a
millisecond). What the counts leave out is card removal and suits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from bot.engine.cards import Card
from bot.engine.hand import Phase, PublicView, SeatView
from bot.house.odds import WORSE, class_distribution, made_class, rank_mask
from bot.house.ranges import (
    Dist,
    bet_range,
    draws_of,
    equity,
    made_dist,
    opponent_range,
)
from bot.house.solved import DRAW, PAT, draw_rule, final_class, kept_by, solved_action, solved_draw
from bot.house.strategy import (
    BET_RAISE,
    CHECK_CALL,
    FOLD,
    SMALL_BLIND,
    Decision,
    Style,
    draw_value,
    low_cards,
    position_of,
)

DRAWS: Final = 3
MADE_TEN: Final = 4
"""``bot.house.solved.final_class`` of a ten-low: the worst made hand the rules value-bet."""
SOLVED_DECISIONS: Final = {"f": FOLD, "c": CHECK_CALL, "r": BET_RAISE}
"""The computed strategy's actions (``bot.house.solved``) as decisions."""


def decide(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> Decision:
    """The strong level's move (``bot.house.levels`` has checked it is this player's turn)."""
    if public.phase is Phase.DRAWING:
        solved = _solved_discards(public, cards, me, opponents, style, rng)
        if solved is not None:
            return Decision(discards=solved)
        return Decision(discards=choose_discards(cards, me, opponents, style, rng))
    if _solved_spot(public, cards, me, opponents, style):
        action = solved_action(public, cards, me, opponents[0], rng, style.solved_visits)
        if action is not None:
            return SOLVED_DECISIONS[action]
    if public.betting_round == 0:
        return _before_the_draw(public, cards, me, opponents, style)
    return _after_a_draw(public, cards, me, opponents, style, rng)


def _solved_spot(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
) -> bool:
    """Whether the computed strategy (``bot.house.solved``) decides this betting turn: heads-up,
    on ``style.solved_rounds``, except against a pat (``may_snow``) and where a made hand out
    of position with nothing owed bets or checks by the rules (``_value_bets``) against a
    drawing opponent: issue 40's replays against an independent expert measured those bets
    losing (a rough eight into a one-card draw after the second draw, an eight to a ten after
    the last), and the table bets them (the rough eight of the issue's example 88% of the
    time). Against the local best response the exception made no difference that 1,200 hands
    resolve (-2.8 ± 7.6 bb/100, paired). On the last round it holds against a one-card draw
    only, the case the replays measured: against a two-card or worse draw the table decides
    (the rules' checks there lost 0.62 ± 0.37 big bets each to a bet against the local best
    response, replayed both ways: docs/TOOLS.md)."""
    if len(opponents) != 1 or public.betting_round not in style.solved_rounds:
        return False
    if may_snow(opponents[0]):
        return False
    legal = public.legal
    if public.betting_round == 0 or legal is None or legal.call_amount:
        return True
    if _acts_last(public, me, opponents):
        return True
    ints = [int(c) for c in cards]
    draws_left = DRAWS - public.betting_round
    if draws_left == 0:
        return final_class(ints) > MADE_TEN or _last_thrown(opponents[0]) != 1
    return len(draw_rule(ints, draws_left)) < 5


def _solved_discards(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> tuple[Card, ...] | None:
    """The cards to throw by the computed strategy (heads-up, at ``style.solved_draws``),
    or ``None`` where its table does not decide. The table chooses between standing pat (a
    made hand, or a snow) and drawing; a draw keeps the cards this level's own plan keeps
    (``best_plan``), or when its plan stands pat, the abstraction's (a break of the highest
    card, or the draw rule's keep for a snow it would carry on)."""
    if len(opponents) != 1 or public.draw_round - 1 not in style.solved_draws:
        return None
    choice = solved_draw(
        public, cards, me, opponents[0], rng, style.solved_visits, style.solved_draw_floor
    )
    if choice is None:
        return None
    if choice == PAT:
        return ()
    draws_left = DRAWS - len(draws_of(me))
    kept: Sequence[Card] = best_plan(cards, draws_left, _ranges(opponents), style)[3]
    if len(kept) == len(cards):
        wanted = set(kept_by([int(c) for c in cards], draws_left, DRAW))
        kept = [c for c in cards if int(c) in wanted]
    return tuple(c for c in cards if c not in kept)


def may_snow(seat: SeatView) -> bool:
    """Whether ``seat`` stood pat at its latest draw: a pat that may be a snow. Against a pat
    the rules decide, which read snows at the balanced share (``balanced_bluffs``; issue 28: a
    one-card draw calls a pat that drew three before). Measured over the same 20,000 hands
    against the snowing published player, with the first table (whose players never snowed):
    the table against pats lost 1.9 ± 1.3 bb/100 to the rules, the rules there gain 1.4 ± 0.9.
    The table whose players snow did not earn the pats back either: against the local best
    response the table against pats lost 4.5 ± 3.9 bb/100 (2,000 hands, paired)."""
    history = draws_of(seat)
    return bool(history) and history[-1] == 0


# ---------------------------------------------------------------------- plans


def _keeps(cards: Sequence[Card], draws_left: int, style: Style) -> list[tuple[Card, ...]]:
    """The sets of low cards worth drawing to: one card per rank up to a 7, 8, ... (up to
    ``style.keep_early`` while two or more draws are left, ``style.keep_last`` on the last)."""
    options: list[tuple[Card, ...]] = []
    for top in range(7, (style.keep_early if draws_left >= 2 else style.keep_last) + 1):
        kept = low_cards(cards, top)
        if len(kept) == 5:
            kept = kept[:4]  # a straight, a flush or a made hand: draw to the four lowest
        if kept not in options:
            options.append(kept)
    return options


def best_plan(
    cards: Sequence[Card], draws_left: int, ranges: Sequence[Dist], style: Style
) -> tuple[float, Dist, float, tuple[Card, ...]]:
    """The best way on from ``cards`` with ``draws_left`` draws: (equity, my final classes, my
    share of ties, cards kept); keeping all five is standing pat."""
    mine, share = made_dist(cards)
    best = (equity(mine, share, ranges), mine, share, tuple(cards))
    if draws_left == 0:
        return best
    bonus = style.break_premium if draws_left >= 2 else 0.0
    for kept in _keeps(cards, draws_left, style):
        dist = class_distribution(rank_mask(c.rank for c in kept), draws_left)
        chance = equity(dist, 0.5, ranges)
        if chance + bonus > best[0] or (made_class(cards) == WORSE and best[3] == tuple(cards)):
            best = (chance, dist, 0.5, kept)
    return best


def _ranges(opponents: Sequence[SeatView]) -> list[Dist]:
    heads_up = len(opponents) == 1
    return [opponent_range(s, heads_up) for s in opponents]


def snowing(me: SeatView, cards: Sequence[Card]) -> bool:
    """Whether this player stood pat at its latest draw on a hand it would not stand pat on
    (a jack or worse): a snow, to be carried on to the end."""
    history = draws_of(me)
    return bool(history) and history[-1] == 0 and made_class(cards) >= 4


def _last_thrown(seat: SeatView) -> int | None:
    history = draws_of(seat)
    return history[-1] if history else None


# ---------------------------------------------------------------------- draws


def choose_discards(
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
    rng: random.Random,
) -> tuple[Card, ...]:
    """The cards to throw now (empty = stand pat)."""
    draws_left = DRAWS - len(draws_of(me))
    if snowing(me, cards):
        return ()
    ranges = _ranges(opponents)
    chance, _, _, kept = best_plan(cards, draws_left, ranges, style)
    if (
        len(opponents) == 1
        and draws_left <= 2
        and (_last_thrown(opponents[0]) or 0) >= 2
        and len(kept) <= 3
        and chance < 0.45
        and rng.random() < style.snow_rate
    ):
        return ()  # a snow: stand pat on a two-card or worse draw against another
    return tuple(c for c in cards if c not in kept)


# ---------------------------------------------------------------------- before the draw


def _before_the_draw(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    style: Style,
) -> Decision:
    legal = public.legal
    assert legal is not None
    heads_up = len(public.seats) == 2
    position = position_of(public, me)
    raises = legal.bets_this_round - 1
    can_raise = legal.can_bet_or_raise
    value = draw_value(cards)
    discount = style.heads_up_discount if heads_up else 0.0
    if raises <= 0:
        if value >= style.open_value[position] - discount and can_raise:
            return BET_RAISE
        if legal.can_check:
            return CHECK_CALL
        if position == SMALL_BLIND and value >= style.complete_value:
            return CHECK_CALL
        return FOLD
    # Facing raises: the hand's value against the pot odds. A call is cheaper to justify the
    # more the pot lays, so the threshold falls as the odds grow (a hand that opened calls one
    # three-bet getting 5 to 1); the blind out of position needs more.
    call = legal.call_amount
    odds = public.pot_total / max(call, 1)
    if can_raise and _reraises(cards, value, raises, discount, opponents, style):
        return BET_RAISE
    need = style.call_value[position] - discount - style.odds_slope * (odds - 2.5)
    if me.bet > public.big_blind:  # a hand good enough to open calls the three-bet
        need = min(need, style.open_value[position] - discount - style.odds_slope * (odds - 2.5))
    if value >= need:
        return CHECK_CALL
    return FOLD


def _reraises(
    cards: Sequence[Card],
    value: float,
    raises: int,
    discount: float,
    opponents: Sequence[SeatView],
    style: Style,
) -> bool:
    """Whether to raise a raise before the draw: when the best draw's equity against the players
    who have put in the raise (the raiser and its callers; those yet to act mostly fold to two
    raises) beats a fair share by ``style.reraise_margin``, more for each raise already in. A
    one-card draw to an eight is ahead of a raiser's range, a two-card draw is not: it calls
    (issue 40: three-betting 2-2-7-8-9 in the big blind lost 0.33 big bets to calling).
    Heads-up only, where that was measured: six-handed the old threshold on the draw's value
    stays (the equity rule cost about 2 bb/100 there against the published players)."""
    if style.reraise_margin is None or len(opponents) > 1:
        return value >= style.reraise_value - discount + 0.05 * (raises - 1)
    top = max(s.bet for s in opponents)
    into = [s for s in opponents if s.bet == top] or list(opponents)
    ranges = [opponent_range(s, len(opponents) == 1) for s in into]
    chance = best_plan(cards, DRAWS, ranges, style)[0]
    return chance >= 1.0 / (len(into) + 1) + style.reraise_margin + 0.05 * (raises - 1)


# ---------------------------------------------------------------------- after a draw


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
    heads_up = len(opponents) == 1
    call = legal.call_amount
    can_raise = legal.can_bet_or_raise
    if snowing(me, cards):
        if call == 0 and can_raise:
            return BET_RAISE
        return FOLD if draws_left == 0 or call > public.big_bet else CHECK_CALL
    ranges = _ranges(opponents)
    if call:
        ranges = [
            _betting_range(r, s, public, draws_left, style) if s.bet == me.bet + call else r
            for s, r in zip(opponents, ranges, strict=True)
        ]
    chance, _, _, kept = best_plan(cards, draws_left, ranges, style)
    fair = 1.0 / (len(opponents) + 1)
    mine = _last_thrown(me)
    theirs = [_last_thrown(s) for s in opponents]
    ahead = mine is not None and all(t is not None and mine < t for t in theirs)
    if call == 0:
        pat = len(kept) == 5
        if can_raise and _value_bets(public, cards, me, opponents, ranges, chance, pat, style):
            return BET_RAISE
        if can_raise and ahead and not pat and chance >= fair - 0.05 and draws_left > 0:
            return BET_RAISE  # ahead in the draw
        bluffing = heads_up and draws_left == 0 and chance < 0.2
        if can_raise and bluffing and rng.random() < style.bluff_rate:
            return BET_RAISE
        return CHECK_CALL
    if can_raise and chance >= fair + style.raise_margin:
        return BET_RAISE
    factor = style.call_factor
    if draws_left == 0 and heads_up:
        # A call must gain: a hand that beats only the bettor's bluffs, counted at the share
        # that makes them break even (``_betting_range``), is indifferent, and folds.
        factor += _INDIFFERENT
    later = 0.0
    if heads_up and draws_left and not _acts_last(public, me, opponents):
        later = called_down_cost(chance, draws_left, public.big_bet)
    if chance * (public.pot_total + call) - later >= call * factor:
        return CHECK_CALL
    return FOLD


_INDIFFERENT: Final = 1e-6


def called_down_cost(chance: float, draws_left: int, big_bet: int) -> float:
    """What calling on costs a hand that is behind (``chance`` under one half) out of position
    with ``draws_left`` draws to come: the opponent bets each later round before it sees what
    this player does, and this player pays each bet that comes before a draw to keep drawing
    (``draws_left - 1`` of them: on the last round a missed draw folds and pays nothing),
    winning ``chance`` of the two bets each time, so each costs (1 - 2 x chance) big bets. In
    position a draw is often checked to and draws free; a hand ahead gains from the later bets,
    which is not counted (it would call anyway). Issue 40's ``--by-spot`` table: out of
    position after the first draw, a two-card draw that called a bet lost 0.2-0.6 big bets from
    there on against the best response, where folding loses nothing more."""
    return max(0.0, 1.0 - 2.0 * chance) * max(0, draws_left - 1) * big_bet


def balanced_bluffs(public: PublicView, call: int) -> float:
    """The share of bluffs in a balanced betting range: the share at which a call that beats
    only the bluffs breaks even, call / (pot after the bet + the call). A bettor who bluffs
    more is paid by every bluff-catcher; one who bluffs less (a best response facing a player
    that pays off) loses nothing to a fold. So a bettor's bluffs are counted at most at this
    share: counting more is betting that the opponent over-bluffs, which a best response never
    does."""
    return call / (public.pot_total + call)


def _betting_range(
    dist: Dist, seat: SeatView, public: PublicView, draws_left: int, style: Style
) -> Dist:
    """The range of an opponent who has just bet or raised into this player (heads-up).

    - On the last round its value bets are its hands up to ``style.call_top`` (one class
      fewer for each raise after the first bet), its other hands bluffs, read at
      ``style.bluff_read`` against the made ones and, when it stood pat, at most at the
      balanced share (``balanced_bluffs``; a drawing bettor's busted hands keep the read: the
      best response bluffs those, capped it folded too many of them).
    - Before it, a pat opponent's bet holds its made hands and its snows: its snows are counted
      at most at the balanced share too (a player who never snows bets only made hands).
    - A drawing opponent's bet before the last round is left as its draw (draws bet draws).

    Multiway the ranges stay as they were (the rules were measured heads-up)."""
    opponents = sum(1 for s in public.seats if s.state != "folded") - 1
    legal = public.legal
    if opponents != 1 or legal is None:
        return (
            dist if draws_left or _last_thrown(seat) == 0 else bet_range(dist, 3, style.bluff_read)
        )
    alpha = balanced_bluffs(public, legal.call_amount)
    pat = _last_thrown(seat) == 0
    if draws_left == 0:
        top = max(0, style.call_top - max(0, legal.bets_this_round - 1))
        narrowed = bet_range(dist, top, style.bluff_read)
        return _cap_bluffs(narrowed, top, alpha) if pat else narrowed
    if pat:
        return _cap_bluffs(dist, WORSE - 1, alpha)
    return dist


def _cap_bluffs(dist: Dist, value_top: int, share: float) -> Dist:
    """``dist`` with its classes above ``value_top`` (its bluffs) scaled down to ``share`` of
    the whole when they are more; unchanged when it holds no value hand."""
    bluffs = sum(dist[value_top + 1 :])
    value = 1.0 - bluffs
    if bluffs <= share or value <= 1e-9:
        return dist
    scale_value = (1.0 - share) / value
    scale_bluff = share / bluffs
    return tuple(p * (scale_value if i <= value_top else scale_bluff) for i, p in enumerate(dist))


def _value_bets(
    public: PublicView,
    cards: Sequence[Card],
    me: SeatView,
    opponents: Sequence[SeatView],
    ranges: Sequence[Dist],
    chance: float,
    pat: bool,
    style: Style,
) -> bool:
    """Whether to bet for value when nothing is owed: when the hand beats the hands that will
    pay the bet often enough.

    - On the last round the bet is paid only by the opponents' made hands (``style.call_top``
      or better; the busted draws fold), so the chance is counted against those alone: a rough
      eight, a nine or a ten against a one-card draw wins less than half the time it is called.
    - A made hand that an opponent acts after needs ``style.oop_margin`` more against drawing
      opponents: with draws to come its bet is called by every draw and raised by the hands
      already better, and a check would let the draws that miss bet into it (issue 40: a rough
      eight betting into a one-card draw after the second draw lost 0.64 big bets to checking;
      the same hands betting after the last draw lost 0.25 to 0.30).

    Both heads-up only, where they were measured; multiway a fair share plus ``bet_margin``
    decides as before (applied six-handed they cost about 2 bb/100 against the published
    players: with several opponents a made hand's bet is paid by more of the field).
    """
    fair = 1.0 / (len(opponents) + 1)
    need = fair + style.bet_margin
    if len(opponents) > 1:
        return chance >= need
    if public.betting_round == DRAWS:
        paying = [_calling(r, style.call_top) for r in ranges]
        chance = best_plan(cards, 0, paying, style)[0]
    drawing = all((_last_thrown(s) or 0) > 0 for s in opponents)
    if pat and drawing and not _acts_last(public, me, opponents):
        need += style.oop_margin
    return chance >= need


def _calling(dist: Dist, top: int) -> Dist:
    """``dist`` narrowed to the hands that call a bet on the last round (class ``top`` or
    better); when it holds none, ``dist`` itself."""
    kept = [p if i <= top else 0.0 for i, p in enumerate(dist)]
    total = sum(kept)
    return tuple(p / total for p in kept) if total > 1e-9 else dist


def _acts_last(public: PublicView, me: SeatView, opponents: Sequence[SeatView]) -> bool:
    """Whether ``me`` acts after every opponent in a betting round after a draw (the first to
    act sits left of the button)."""
    count = max(s.seat for s in public.seats) + 1

    def order(seat: SeatView) -> int:
        return (seat.seat - public.button_seat - 1) % count

    return all(order(me) > order(s) for s in opponents)
