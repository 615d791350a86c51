"""Local best response (LBR) against a house level, heads-up: a lower bound on how much a best
response wins against it.

    python -m bench.best_response                          # against strong, 2,000 hands
    python -m bench.best_response --level beginner --hands 600
    python -m bench.best_response --hands 1200 --by-spot [--top 30] [--dump spots.json]

``--by-spot`` adds a leak table: the house's result split exactly into the betting rounds of
each hand (``Spot``: its share of the final pot times the round's chips, less its own), grouped
by street, position, the house's hand, the LBR player's last draw and the round's line, each
with its count, big bets per occurrence and 95% interval, its share of the match in bb/100 and
the house's mean result from the round on (``leak_table``).

After Lisý and Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots"
(2017), adapted to fixed-limit 2-7 Triple Draw. The LBR player knows the house's policy (the
same ``Player`` function the house seat calls) but not its cards. At each of its betting
decisions it:

- keeps a belief over the house's holding as a particle set: ``particles`` five-card holdings
  drawn uniformly from the cards it cannot see; at every house betting action each particle's
  weight is multiplied by whether the house policy, called on the same public view with that
  holding, takes the same action (1, or ``MISMATCH`` when not: the house players are seeded
  random, so one call estimates the probability, and the floor keeps a rare line such as a
  bluff from emptying the belief); at every house draw, by whether the policy throws as many
  cards, and the cards it throws are replaced by cards drawn from those the LBR player cannot
  see. A particle holding a card the LBR player now holds is impossible. When fewer than half
  the particles fit every house move so far, the others are replaced by holdings dealt afresh
  and played through the house's moves, kept only when they fit them all (``Belief.rejuvenate``:
  40 particles dealt once rarely hold one that fits a whole line, and the belief fell back on
  the floor: that was most of what made the first version of this measure weak);
- values each legal action in closed form, as the paper does: the house's answer to the action
  is read from its policy for each holding the belief samples (fold, call, raise), and the value
  is P(fold) x pot + the rest's showdown share x the pot once called - the chips put in (when
  the house raises, the LBR player folds or calls, whichever is worth more against the holdings
  that raised). A holding's showdown share comes from playing the remaining draws out (the house
  drawing by its policy, the LBR player by its rule, nobody betting) on a shuffled stub, or on
  the last round by comparing the hands; later betting rounds are left out (the paper's
  valuation), so the LBR player decides each round afresh;
- takes the action of highest value (folding is worth 0, when it owes chips).

Its draws are not searched (LBR is about betting): it draws by the published rules of
``bench.published.HANEY_TAG`` without snows (pat eights, breaks a nine over a smooth draw with
two draws left, draws to an eight early and a nine late).

Why 40 particles and 96/72/24 sampled holdings by round before the last (every particle on the
last): a played-out draw costs about 1.5 ms, so a hand takes about 0.15 s of CPU and 600 hands
two to three minutes on one shared core. This valuation finds the beginner level losing
38 bb/100 to it (600 hands, interval [-54, -22]) where the first version (call-down rollouts,
no rejuvenation) found 10.5 and the project's exploit rule player 17.3: a sharper measure.

Every decision goes through the engine (a copy of the hand for each sample, with the house's
cards and the stub replaced from the belief: the LBR player never reads the house's real cards).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bench.published import HANEY_TAG, RulePlayer
from bot.engine import CARDS
from bot.engine.cards import Card, shuffled_deck
from bot.engine.hand import Hand, Phase, PrivateView, PublicView, SeatedPlayer, Stakes
from bot.house import LEVELS, Player, apply_decision, house_player
from bot.house.odds import CLASSES, WORSE, low_rank, made_class
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD, Action, Decision, low_cards

STAKES = Stakes(10)
STACK = 200 * STAKES.small_bet
PARTICLES = 40
SAMPLES = 24
"""Holdings drawn from the belief (each with its draws played out) per action value on the
third betting round, as ``SAMPLES * ROUND_FACTOR``; the last round takes every particle."""
ROUND_FACTOR = (4, 3, 1, 1)
"""Samples by betting round, as multiples of ``SAMPLES``: an earlier decision's showdown share
spreads over more draws to come, so it takes more samples to tell two actions apart."""
DRAWS = 3
MISMATCH = 0.02
REJUVENATE = 120
"""Attempts at most, after each house move, to replace inconsistent particles (``Belief``)."""
"""A particle's weight factor when the house policy, holding it, would have acted otherwise."""
DRAWER: Player = RulePlayer(replace(HANEY_TAG, name="lbr draws", snow_rate=0.0))
"""How the LBR player draws (and stands pat): the published rules, no snows."""

Sample = tuple[tuple[Card, ...], float, float]
"""A house holding, its weight and the LBR player's showdown share against it."""

_FIELDS = tuple(f.name for f in dataclasses.fields(Hand))
_ALL = frozenset(range(52))


def clone(hand: Hand) -> Hand:
    """An independent copy of ``hand`` (lists copied two levels deep; operations are frozen)."""
    new = object.__new__(Hand)
    for name in _FIELDS:
        value = getattr(hand, name)
        if type(value) is list:
            value = [item[:] if type(item) is list else item for item in value]
        elif type(value) is dict:
            value = dict(value)
        setattr(new, name, value)
    return new


class Belief:
    """Weighted particles: the house's possible holdings, as tuples of five cards."""

    def __init__(
        self, rng: random.Random, count: int, dead: set[int], mismatch: float = MISMATCH
    ) -> None:
        self.rng = rng
        self.mismatch = mismatch
        pool = sorted(_ALL - dead)
        self.particles: list[tuple[Card, ...]] = [
            tuple(CARDS[c] for c in rng.sample(pool, 5)) for _ in range(count)
        ]
        self.weights = [1.0] * count
        self.consistent = [True] * count
        """Whether each particle matched every house move so far (not only by the floor)."""
        self.events: list[tuple[PublicView, PrivateView, Decision]] = []
        """The house's moves so far, with the public view each was made on."""

    def normalise(self) -> None:
        """Weights summing to 1; resample when the effective sample size is below half."""
        total = sum(self.weights)
        if total <= 0:
            raise ValueError("Every particle is impossible.")
        self.weights = [w / total for w in self.weights]
        ess = 1.0 / sum(w * w for w in self.weights)
        if ess < len(self.particles) / 2:
            picks = self.rng.choices(range(len(self.particles)), self.weights, k=len(self.weights))
            self.particles = [self.particles[i] for i in picks]
            self.consistent = [self.consistent[i] for i in picks]
            self.weights = [1.0 / len(self.particles)] * len(self.particles)

    def exclude(self, dead: set[int]) -> None:
        """Particles holding a card in ``dead`` (the LBR player's own) are impossible; when all
        those still weighted are, their cards in ``dead`` are replaced instead (so the belief
        never empties: a particle an earlier exclusion left at weight 0 does not count)."""
        hits = [any(c in dead for c in p) for p in self.particles]
        if not any(hits):
            return
        if all(h or not w for h, w in zip(hits, self.weights, strict=True)):
            self.particles = [
                self._refill(p, [c for c in p if c in dead], dead) if h else p
                for p, h in zip(self.particles, hits, strict=True)
            ]
        else:
            self.weights = [0.0 if h else w for w, h in zip(self.weights, hits, strict=True)]
            self.consistent = [c and not h for c, h in zip(self.consistent, hits, strict=True)]
        self.normalise()

    def _refill(
        self, holding: Sequence[Card], thrown: Sequence[Card], dead: set[int]
    ) -> tuple[Card, ...]:
        kept = [c for c in holding if c not in thrown]
        pool = sorted(_ALL - dead - {int(c) for c in holding})
        return tuple(kept) + tuple(CARDS[c] for c in self.rng.sample(pool, len(thrown)))

    def observe_bet(
        self, policy: Player, public: PublicView, template: PrivateView, decision: Decision
    ) -> None:
        """Reweight by whether the house, holding each particle, bets as it did."""
        self.events.append((public, template, decision))
        for i, holding in enumerate(self.particles):
            if not self.weights[i]:
                continue
            mine = policy(public, replace(template, cards=holding), self.rng)
            if mine.action is not decision.action:
                self.weights[i] *= self.mismatch
                self.consistent[i] = False
        self.normalise()

    def observe_draw(
        self,
        policy: Player,
        public: PublicView,
        template: PrivateView,
        count: int,
        dead: set[int],
    ) -> None:
        """Reweight by whether the house, holding each particle, throws ``count`` cards, and
        replace the thrown cards with unseen ones."""
        self.events.append((public, template, Decision(discards=(CARDS[0],) * count)))
        for i, holding in enumerate(self.particles):
            mine = policy(public, replace(template, cards=holding), self.rng)
            thrown: Sequence[Card] = mine.discards
            if len(thrown) != count:
                self.weights[i] *= self.mismatch
                self.consistent[i] = False
                thrown = sorted(holding, key=lambda c: c.rank)[5 - count :] if count else ()
            if thrown:
                self.particles[i] = self._refill(holding, thrown, dead)
        self.normalise()

    def rejuvenate(self, policy: Player, dead: set[int], tries: int) -> None:
        """When fewer than half the particles are consistent with every house move, replace
        inconsistent ones by holdings generated afresh and played through the house's moves so
        far (rejection sampling: a holding dealt from the cards the LBR player has not seen,
        kept only if the house policy holding it makes every move the house made, its thrown
        cards replaced by unseen ones at each draw), at most ``tries`` attempts in all. Without
        this, 40 particles dealt at the start rarely contain a holding that fits a whole line
        (a bet after the second draw fits one in six), and the belief falls back on the floor."""
        if 2 * sum(self.consistent) >= len(self.particles):
            return
        pool = sorted(_ALL - dead)
        slots = [i for i, c in enumerate(self.consistent) if not c]
        self.rng.shuffle(slots)
        level = max(
            (w for w, c in zip(self.weights, self.consistent, strict=True) if c), default=None
        )
        for _ in range(tries):
            if not slots:
                break
            holding = self._generate(policy, pool)
            if holding is None:
                continue
            i = slots.pop()
            self.particles[i] = holding
            self.consistent[i] = True
            self.weights[i] = level if level is not None else 1.0
        self.normalise()

    def _generate(self, policy: Player, pool: list[int]) -> tuple[Card, ...] | None:
        cards = self.rng.sample(pool, 5)
        used = set(cards)
        holding = tuple(CARDS[c] for c in cards)
        for public, template, decision in self.events:
            mine = policy(public, replace(template, cards=holding), self.rng)
            if decision.action is not None:
                if mine.action is not decision.action:
                    return None
                continue
            if len(mine.discards) != len(decision.discards):
                return None
            if mine.discards:
                fresh = self.rng.sample([c for c in pool if c not in used], len(mine.discards))
                used.update(fresh)
                kept = [c for c in holding if c not in mine.discards]
                holding = tuple(kept) + tuple(CARDS[c] for c in fresh)
        return holding

    def sample(self) -> tuple[Card, ...]:
        """A holding drawn by weight."""
        return self.rng.choices(self.particles, self.weights)[0]

    def spread(self, count: int) -> list[tuple[Card, ...]]:
        """``count`` holdings drawn by weight by systematic resampling (one uniform offset, then
        even steps: every particle with weight w is drawn about ``w * count`` times, which is
        less noisy than independent draws)."""
        step = sum(self.weights) / count
        point = self.rng.random() * step
        chosen: list[tuple[Card, ...]] = []
        cumulative = 0.0
        for holding, weight in zip(self.particles, self.weights, strict=True):
            cumulative += weight
            while point < cumulative and len(chosen) < count:
                chosen.append(holding)
                point += step
        while len(chosen) < count:  # rounding at the very end
            chosen.append(self.particles[-1])
        self.rng.shuffle(chosen)
        return chosen

    def share(self, test: Callable[[tuple[Card, ...]], bool]) -> float:
        """The belief's weight on holdings for which ``test(holding)`` is true."""
        total = sum(self.weights)
        pairs = zip(self.particles, self.weights, strict=True)
        return sum(w for p, w in pairs if test(p)) / total


@dataclass(slots=True)
class LocalBestResponse:
    """The LBR player of one hand: call ``observe`` after every house decision (with the public
    view it decided on) and ``decide`` at each of its own turns."""

    policy: Player
    """The house's policy (the function its seat calls)."""
    player_id: int
    house_id: int
    rng: random.Random
    particles: int = PARTICLES
    samples: int = SAMPLES
    rejuvenation: int = REJUVENATE
    belief: Belief | None = None
    discarded: set[int] = dataclasses.field(default_factory=set)
    values: dict[str, float] = dataclasses.field(default_factory=dict)
    """The estimated value of each action at the last betting decision (chips)."""

    def _dead(self, hand: Hand) -> set[int]:
        return {int(c) for c in hand.private_view(self.player_id).cards} | self.discarded

    def _belief(self, hand: Hand) -> Belief:
        dead = self._dead(hand)
        if self.belief is None:
            self.belief = Belief(self.rng, self.particles, dead)
        self.belief.exclude(dead)
        self.belief.rejuvenate(self.policy, dead, self.rejuvenation)
        return self.belief

    def _template(self, public: PublicView) -> PrivateView:
        return PrivateView(self.house_id, public.hand_id, (), "", (), 0, False, True)

    def observe(self, hand: Hand, public: PublicView, decision: Decision) -> None:
        """The house just chose ``decision`` on ``public``; only its public part is read (the
        action, or how many cards it threw)."""
        belief = self._belief(hand)
        template = self._template(public)
        if decision.action is None:
            count = len(decision.discards)
            belief.observe_draw(self.policy, public, template, count, self._dead(hand))
        else:
            belief.observe_bet(self.policy, public, template, decision)
        belief.rejuvenate(self.policy, self._dead(hand), self.rejuvenation)

    def decide(self, hand: Hand) -> Decision:
        """The LBR player's move in ``hand`` (its turn)."""
        public = hand.public_view(recent=0)
        private = hand.private_view(self.player_id)
        if public.phase is Phase.DRAWING:
            decision = DRAWER(public, private, self.rng)
            self.discarded.update(int(c) for c in decision.discards)
            return decision
        legal = public.legal
        assert legal is not None
        options = [CHECK_CALL]
        if legal.can_bet_or_raise:
            options.append(BET_RAISE)
        samples = self._samples(hand, public.betting_round)
        self.values = {str(o.action): self._value(hand, o, samples) for o in options}
        best = max(options, key=lambda o: self.values[str(o.action)])
        if legal.call_amount and self.values[str(best.action)] < 0:
            self.values[str(FOLD.action)] = 0.0
            return FOLD
        return best

    def _samples(self, hand: Hand, betting_round: int) -> list[Sample]:
        """(a house holding, its weight, the LBR player's showdown share against it: 1 a win,
        0.5 a split, 0 a loss) for the holdings the values are taken over.

        On the last round every particle of the belief with its weight, the showdown compared
        exactly; before it ``samples * ROUND_FACTOR`` holdings drawn from the belief, each with
        the remaining draws played out (the house drawing by its policy, the LBR player by its
        rule, nobody betting)."""
        belief = self._belief(hand)
        shares: list[Sample] = []
        if betting_round == DRAWS:
            mine = low_rank(hand.private_view(self.player_id).cards)
            for holding, weight in zip(belief.particles, belief.weights, strict=True):
                if weight:
                    theirs = low_rank(holding)
                    share = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                    shares.append((holding, weight, share))
            return shares
        count = self.samples * ROUND_FACTOR[betting_round]
        for holding in belief.spread(count):
            rng = random.Random(self.rng.getrandbits(64))
            shares.append(
                (holding, 1.0 / count, self._showdown(self._world(hand, holding, rng), rng))
            )
        return shares

    def _showdown(self, sim: Hand, rng: random.Random) -> float:
        """The LBR player's share of the pot when ``sim`` is played to the end with every bet
        called and nothing raised, the house drawing by its policy, the LBR player by its rule."""
        while (pid := sim.to_act) is not None:
            if sim.phase is not Phase.DRAWING:
                decision = CHECK_CALL
            elif pid == self.player_id:
                decision = DRAWER(sim.public_view(recent=0), sim.private_view(pid), rng)
            else:
                decision = self.policy(sim.public_view(recent=0), sim.private_view(pid), rng)
            apply_decision(sim, pid, decision)
        result = sim.result
        assert result is not None
        net = result.net[self.player_id]
        return 1.0 if net > 0 else 0.5 if net == 0 else 0.0

    def _value(self, hand: Hand, first: Decision, samples: Sequence[Sample]) -> float:
        """The closed-form value of ``first`` (chips, against the LBR player's stack now):
        the house's answer to it is read from its policy for each sampled holding, then

        - the house folds: the LBR player takes the pot;
        - the betting round closes: the LBR player's share of the pot at the showdown, less
          what it put in (no later bets: the paper's valuation);
        - the house bets or raises: the LBR player folds or calls, whichever is worth more
          against the holdings that answered so (their showdown shares averaged).
        """
        now = self._contributed(hand)
        sim = clone(hand)
        apply_decision(sim, self.player_id, first)
        if not self._house_to_act(sim, hand.betting_round):
            return sum(w * s for _, w, s in samples) * self._pot(sim) - (
                self._contributed(sim) - now
            )
        public = sim.public_view(recent=0)
        template = self._template(public)
        groups: dict[Action, list[tuple[float, float]]] = {}
        for holding, weight, share in samples:
            answer = self.policy(public, replace(template, cards=holding), self.rng)
            assert answer.action is not None
            groups.setdefault(answer.action, []).append((weight, share))
        value = 0.0
        for action, group in groups.items():
            mass = sum(w for w, _ in group)
            mean = sum(w * s for w, s in group) / mass
            branch = clone(sim)
            apply_decision(branch, self.house_id, Decision(action))
            worth: float
            if action is Action.FOLD:
                worth = self._pot(branch) - (self._contributed(branch) - now)
            elif not self._lbr_to_act(branch, hand.betting_round):
                worth = mean * self._pot(branch) - (self._contributed(branch) - now)
            else:  # it bet or raised: fold (lose what is in) or call
                put = self._contributed(branch) - now
                apply_decision(branch, self.player_id, CHECK_CALL)
                worth = max(-put, mean * self._pot(branch) - (self._contributed(branch) - now))
            value += mass * worth
        return value

    def _contributed(self, sim: Hand) -> int:
        return sim._contrib[sim._pos(self.player_id)]

    @staticmethod
    def _pot(sim: Hand) -> int:
        return sum(sim._contrib)

    def _house_to_act(self, sim: Hand, betting_round: int) -> bool:
        return (
            sim.to_act == self.house_id
            and sim.phase is Phase.BETTING
            and sim.betting_round == betting_round
        )

    def _lbr_to_act(self, sim: Hand, betting_round: int) -> bool:
        return (
            sim.to_act == self.player_id
            and sim.phase is Phase.BETTING
            and sim.betting_round == betting_round
        )

    def _world(self, hand: Hand, holding: Sequence[Card], rng: random.Random) -> Hand:
        """A copy of ``hand`` with the house holding ``holding`` and the unseen cards shuffled."""
        sim = clone(hand)
        house = sim._pos(self.house_id)
        mine = set(sim._holes[sim._pos(self.player_id)])
        cards = [int(c) for c in holding]
        sim._holes[house] = cards
        sim._received[house] = list(cards)
        stub = sorted(_ALL - mine - set(cards) - self.discarded)
        rng.shuffle(stub)
        sim._stub = stub
        sim._muck = sorted(self.discarded)
        return sim


STREETS = ("pre-draw", "after draw 1", "after draw 2", "after draw 3")


@dataclass(slots=True)
class Spot:
    """One betting round of one hand, seen from the house: where it sat, what it held, how the
    round was bet, and what the round's chips came to for it (big bets, its share of the final
    pot applied to the chips both put in this round, less its own: the rounds of a hand add up
    to its result exactly)."""

    street: int
    house_ip: bool
    """Whether the house acts last after the draws (heads-up: it has the button)."""
    holding: str
    """The house's hand when the round's betting began (``holding_name``)."""
    against: str
    """How many cards the LBR player threw at the draw before (``vs 1`` ...), or ``-``."""
    lbr_holding: str
    """The LBR player's hand when the round's betting began (``holding_name``; the benchmark
    reads it for the table, the LBR player's decisions never read the house's cards)."""
    line: list[str]
    """The round's actions in order, ``H`` the house, ``B`` the best response (``H:bet``)."""
    house_in: int = 0
    lbr_in: int = 0
    value: float = 0.0
    sunk: int = 0
    """The house's chips in the pot when the round began (the blind, before the draw)."""
    rest: float = 0.0
    """The house's result from the round's start on (big bets): its net result plus ``sunk``,
    so a fold at once is 0; the lines of one situation compare by it."""


def holding_name(cards: Sequence[Card], street: int) -> str:
    """The house's hand as a leak table groups it: after the last draw its made class; before,
    a made ten or better by its class, else a draw by the cards it would throw (keeping one
    card per rank up to an eight; up to a ten before the last draw)."""
    made = made_class(cards)
    if made != WORSE and (street == DRAWS or CLASSES[made] <= 10):
        return f"made {CLASSES[made]}" if CLASSES[made] <= 10 else "made J-K"
    if street == DRAWS:
        return "busted"
    kept = low_cards(cards, 10 if street == DRAWS - 1 else 8)
    return f"draw {min(5 - min(len(kept), 4), 3)}" + ("+" if len(kept) <= 2 else "")


def _verb(hand: Hand, decision: Decision) -> str:
    legal = hand.legal()
    if decision.action is Action.FOLD:
        return "fold"
    if decision.action is Action.CHECK_CALL:
        return "call" if legal.call_amount else "check"
    return "raise" if legal.is_raise else "bet"


def _attribute(hand: Hand, spots: list[Spot], house_id: int) -> None:
    """Each round's value for the house: its share of the final pot times the round's chips,
    less its own chips in the round."""
    result = hand.result
    assert result is not None
    pot = sum(hand._contrib)
    house_total = hand._contrib[hand._pos(house_id)]
    share = (result.net[house_id] + house_total) / pot if pot else 0.5
    for spot in spots:
        spot.value = (share * (spot.house_in + spot.lbr_in) - spot.house_in) / STAKES.big_bet
        spot.rest = (result.net[house_id] + spot.sunk) / STAKES.big_bet
    total = sum(s.value for s in spots)
    assert abs(total - result.net[house_id] / STAKES.big_bet) < 1e-6, (total, result.net)


Watch = Callable[[Hand, LocalBestResponse, random.Random, Decision], None]
"""Called at each house betting decision with the hand, the LBR player and the house's rng as
they stand once the house has chosen (before the LBR player observes it or it is made), and
the decision (``bench.counterfactual`` replays the other actions from there)."""


def play_hand(
    hand: Hand,
    house: Player,
    lbr: LocalBestResponse,
    house_rng: random.Random,
    spots: list[Spot] | None = None,
    watch: Watch | None = None,
) -> list[float]:
    """Play ``hand`` to the end, the house by ``house``, the LBR player by ``lbr``; the house's
    decision times in seconds. With ``spots``, one ``Spot`` per betting round reached is
    appended (the leak table's rows); ``watch`` sees each house betting decision."""
    timings: list[float] = []
    rounds: dict[int, Spot] = {}
    house_pos = hand._pos(lbr.house_id)
    lbr_pos = hand._pos(lbr.player_id)
    blinds = (hand._contrib[house_pos], hand._contrib[lbr_pos])
    while (pid := hand.to_act) is not None:
        betting = hand.phase is Phase.BETTING
        street = hand.betting_round
        if spots is not None and betting and street not in rounds:
            public = hand.public_view(recent=0)
            other = next(s for s in public.seats if s.player_id == lbr.player_id)
            thrown = [c for c in other.draw_counts if c is not None]
            rounds[street] = Spot(
                street,
                house_ip=public.button_seat
                == next(s.seat for s in public.seats if s.player_id == lbr.house_id),
                holding=holding_name(hand.private_view(lbr.house_id).cards, street),
                against=f"vs {thrown[-1]}" if thrown else "-",
                lbr_holding=holding_name(hand.private_view(lbr.player_id).cards, street),
                line=[],
            )
            rounds[street].sunk = hand._contrib[house_pos]
            if street == 0:
                rounds[0].house_in, rounds[0].lbr_in = blinds
        if pid == lbr.player_id:
            decision = lbr.decide(hand)
        else:
            public = hand.public_view(recent=0)
            started = time.perf_counter()
            decision = house(public, hand.private_view(pid), house_rng)
            timings.append(time.perf_counter() - started)
            if watch is not None and betting:
                watch(hand, lbr, house_rng, decision)
            lbr.observe(hand, public, decision)
        if spots is not None and betting:
            spot = rounds[street]
            spot.line.append(("H:" if pid == lbr.house_id else "B:") + _verb(hand, decision))
            before = hand._contrib[house_pos], hand._contrib[lbr_pos]
            apply_decision(hand, pid, decision)
            spot.house_in += hand._contrib[house_pos] - before[0]
            spot.lbr_in += hand._contrib[lbr_pos] - before[1]
        else:
            apply_decision(hand, pid, decision)
    if spots is not None:
        played = [rounds[r] for r in sorted(rounds)]
        _attribute(hand, played, lbr.house_id)
        spots.extend(played)
    return timings


def play_lbr_decks(
    house: Player,
    first: int,
    count: int,
    seed: int,
    particles: int = PARTICLES,
    samples: int = SAMPLES,
    spots: list[Spot] | None = None,
    watch: Watch | None = None,
) -> tuple[list[float], list[float]]:
    """Play decks ``first .. first + count - 1`` heads-up twice each (seats swapped), the house
    against LBR; return the house's big bets per hand of each deck and its decision times (and
    with ``spots``, append every betting round's ``Spot``; ``watch``: ``play_hand``)."""
    results: list[float] = []
    timings: list[float] = []
    for index in range(first, first + count):
        deck_seed = f"{seed}-lbr-{index}"
        deck = shuffled_deck(random.Random(deck_seed))
        net = 0
        for swap in (0, 1):
            house_seat = swap
            seated = [SeatedPlayer(seat, f"P{seat}", STACK, seat) for seat in range(2)]
            hand = Hand.start(seated, index % 2, STAKES, deck=deck, rng=random.Random(deck_seed))
            lbr = LocalBestResponse(
                house,
                player_id=1 - house_seat,
                house_id=house_seat,
                rng=random.Random(f"{deck_seed}-{swap}-lbr"),
                particles=particles,
                samples=samples,
            )
            house_rng = random.Random(f"{deck_seed}-{swap}-house")
            timings.extend(play_hand(hand, house, lbr, house_rng, spots, watch))
            result = hand.result
            assert result is not None
            net += result.net[house_seat]
        results.append(net / 2 / STAKES.big_bet)
    return results, timings


def play_level(
    level: str,
    first: int,
    count: int,
    seed: int,
    particles: int = PARTICLES,
    samples: int = SAMPLES,
) -> tuple[list[float], list[float]]:
    """``play_lbr_decks`` against a named house level (picklable, for a process pool)."""
    house = house_player(LEVELS[level])
    return play_lbr_decks(house, first, count, seed, particles, samples)


def spot_keys(spot: Spot) -> tuple[str, str, str]:
    """The leak table's three groupings of a round: the situation (street, the house in or out
    of position, its hand, the best response's last draw), the same with the round's line, and
    the street with the best response's hand and the line (its bluffs and value bets)."""
    place = "house IP" if spot.house_ip else "house OOP"
    situation = f"{STREETS[spot.street]} | {place} | {spot.holding} | {spot.against}"
    line = " ".join(spot.line)
    best = f"{STREETS[spot.street]} | {place} | BR holds {spot.lbr_holding} | {line}"
    return situation, f"{situation} | {line}", best


def leak_table(spots: Sequence[Spot], hands: int, top: int = 15, min_count: int = 5) -> str:
    """The situations (and, below, the situations with the round's line) where the house lost
    most to the best response: count, big bets per occurrence with a 95% interval, and what
    each came to in bb/100 of the whole match (the rounds add up to the match's result); and
    ``from here``, the house's mean result from the round's start on (a fold at once is 0), by
    which the lines of one situation compare."""
    out: list[str] = []
    titles = ("by situation", "by situation and line", "by the best response's hand and line")
    for index, title in enumerate(titles):
        groups: dict[str, list[Spot]] = {}
        for spot in spots:
            groups.setdefault(spot_keys(spot)[index], []).append(spot)
        rows = sorted(
            (
                (sum(s.value for s in group), k, [s.value for s in group], group)
                for k, group in groups.items()
                if len(group) >= min_count
            ),
            key=lambda row: row[0],
        )
        out.append(
            f"house's {top} worst spots {title} (house's big bets; rounds seen at least "
            f"{min_count} times; bb/100 = the spot's share of the match's result)"
        )
        out.append(
            f"{'n':>5} {'bb each':>8} {'95% interval':>17} {'bb/100':>7} {'from here':>9}  spot"
        )
        for total, key, values, group in rows[:top]:
            mean = statistics.fmean(values)
            spread = statistics.stdev(values) if len(values) > 1 else 0.0
            half = 1.96 * spread / math.sqrt(len(values))
            rest = statistics.fmean(s.rest for s in group)
            out.append(
                f"{len(values):>5} {mean:>+8.2f} [{mean - half:>+6.2f}, {mean + half:>+6.2f}] "
                f"{100 * total / hands:>+7.1f} {rest:>+9.2f}  {key}"
            )
        out.append("")
    streets: dict[int, float] = {}
    for spot in spots:
        streets[spot.street] = streets.get(spot.street, 0.0) + spot.value
    out.append(
        "by street (bb/100): "
        + ", ".join(f"{STREETS[k]} {100 * v / hands:+.1f}" for k, v in sorted(streets.items()))
    )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--level", default="strong", choices=list(LEVELS))
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--particles", type=int, default=PARTICLES)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument(
        "--by-spot", action="store_true", help="also print where the house lost (a leak table)"
    )
    parser.add_argument("--top", type=int, default=15, help="rows of the leak table")
    parser.add_argument("--dump", help="with --by-spot, also write every spot to this JSON file")
    args = parser.parse_args(argv)
    decks = max(2, math.ceil(args.hands / 2))
    started = time.perf_counter()
    spots: list[Spot] | None = [] if args.by_spot else None
    house = house_player(LEVELS[args.level])
    per_deck, _ = play_lbr_decks(house, 0, decks, args.seed, args.particles, args.samples, spots)
    mean = 100 * statistics.fmean(per_deck)
    half = 100 * 1.96 * statistics.stdev(per_deck) / math.sqrt(len(per_deck))
    print(
        f"{args.level} vs local best response heads-up, {2 * decks} hands "
        f"({args.particles} particles, {args.samples} samples an action on the third round): "
        f"{mean:+.1f} ± {half:.1f} bb/100 [{mean - half:+.1f}, {mean + half:+.1f}] "
        f"({time.perf_counter() - started:.0f} s)"
    )
    if spots is not None:
        print(leak_table(spots, 2 * decks, args.top))
        if args.dump:
            with open(args.dump, "w", encoding="utf-8") as out:
                json.dump(
                    {"per_deck": per_deck, "spots": [dataclasses.asdict(s) for s in spots]}, out
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
