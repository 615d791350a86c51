"""Local best response (LBR) against a house level, heads-up: a lower bound on how much a best
response wins against it.

    python -m bench.best_response                          # against strong, 2,000 hands
    python -m bench.best_response --level beginner --hands 400

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
  cards, and the cards it throws (or, when it would not, its highest ones) are replaced by cards
  drawn from those the LBR player cannot see. A particle holding a card the LBR player now holds
  is impossible (weight 0). The set is resampled when its effective size falls below half;
- estimates each legal action's value by ``rollouts`` rollouts: a holding drawn from the belief
  and the unseen stub shuffled, then the action, then the house plays its policy and the LBR
  player checks and calls down to the end (drawing by its rule), as in the paper. The same
  holdings, stubs and generator seeds serve every action (common random numbers), so the
  comparison between actions is less noisy than each value;
- takes the action of highest value. Values are in chips relative to the chips already
  committed: an action's value is the LBR player's final stack minus its stack now (the hand's
  net plus what it has put in so far), so folding is worth exactly 0.

Its draws are not searched (LBR is about betting): it draws by the published rules of
``bench.published.HANEY_TAG`` without snows (pat eights, breaks a nine over a smooth draw with
two draws left, draws to an eight early and a nine late).

Why 40 particles and 8 rollouts an action on the last round (32, 24 and 16 before it): a
rollout of the rest of a hand costs about 1.4 ms, a particle update 40 policy calls, so a hand
takes about 0.12 s of CPU and 2,000 hands four minutes on one shared core. Fewer rollouts are
noise before the draw (with 6, the action agreed with 100 rollouts' 7 times in 12), and noise
makes the LBR player weaker, its bound looser; the figure it prints is a lower bound on what a
best response wins either way, with a 95% interval over duplicate decks.

Every decision goes through the engine (a copy of the hand for each rollout, with the house's
cards and the stub replaced from the belief: the LBR player never reads the house's real cards).
"""

from __future__ import annotations

import argparse
import dataclasses
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
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD, Decision

STAKES = Stakes(10)
STACK = 200 * STAKES.small_bet
PARTICLES = 40
ROLLOUTS = 8
"""Rollouts an action on the last betting round."""
ROUND_FACTOR = (4, 3, 2, 1)
"""Rollouts an action by betting round, as multiples of ``rollouts``: an earlier decision's
value spreads over more of the hand (more draws and bets to come), so it takes more rollouts
to tell two actions apart (pre-draw, 6 rollouts agreed with 100 on the action 7 times in 12)."""
MISMATCH = 0.02
"""A particle's weight factor when the house policy, holding it, would have acted otherwise."""
DRAWER: Player = RulePlayer(replace(HANEY_TAG, name="lbr draws", snow_rate=0.0))
"""How the LBR player draws (and stands pat): the published rules, no snows."""
CONTINUATIONS: dict[str, Player | None] = {"call": None, "rules": DRAWER}
"""How the LBR player bets after its chosen action in a rollout: ``call`` checks and calls
down, as in the paper; ``rules`` plays the published rules ``DRAWER`` draws by (it folds
busted draws, so an early call or raise is not charged for calling every later bet)."""

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

    def normalise(self) -> None:
        """Weights summing to 1; resample when the effective sample size is below half."""
        total = sum(self.weights)
        if total <= 0:
            raise ValueError("Every particle is impossible.")
        self.weights = [w / total for w in self.weights]
        ess = 1.0 / sum(w * w for w in self.weights)
        if ess < len(self.particles) / 2:
            self.particles = self.rng.choices(self.particles, self.weights, k=len(self.particles))
            self.weights = [1.0 / len(self.particles)] * len(self.particles)

    def exclude(self, dead: set[int]) -> None:
        """Particles holding a card in ``dead`` (the LBR player's own) are impossible; when all
        are, those cards are replaced instead (so the belief never empties)."""
        hits = [any(c in dead for c in p) for p in self.particles]
        if not any(hits):
            return
        if all(hits):
            self.particles = [
                self._refill(p, [c for c in p if c in dead], dead) for p in self.particles
            ]
        else:
            self.weights = [0.0 if h else w for w, h in zip(self.weights, hits, strict=True)]
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
        for i, holding in enumerate(self.particles):
            if not self.weights[i]:
                continue
            mine = policy(public, replace(template, cards=holding), self.rng)
            if mine.action is not decision.action:
                self.weights[i] *= self.mismatch
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
        for i, holding in enumerate(self.particles):
            mine = policy(public, replace(template, cards=holding), self.rng)
            thrown: Sequence[Card] = mine.discards
            if len(thrown) != count:
                self.weights[i] *= self.mismatch
                thrown = sorted(holding, key=lambda c: c.rank)[5 - count :] if count else ()
            if thrown:
                self.particles[i] = self._refill(holding, thrown, dead)
        self.normalise()

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
    rollouts: int = ROLLOUTS
    continuation: Player | None = None
    """How the LBR player bets after the chosen action in a rollout: ``None`` checks and calls
    down (the paper's choice), else this policy (``CONTINUATIONS``)."""
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
        belief = self._belief(hand)
        me = next(s for s in public.seats if s.player_id == self.player_id)
        totals = dict.fromkeys(options, 0.0)
        count = self.rollouts * ROUND_FACTOR[public.betting_round]
        for holding in belief.spread(count):
            seed = self.rng.getrandbits(64)
            for option in options:
                sim = self._world(hand, holding, random.Random(seed))
                totals[option] += self._rollout(sim, option, random.Random(seed)) + me.contributed
        self.values = {str(o.action): t / count for o, t in totals.items()}
        best = max(options, key=lambda o: totals[o])
        if legal.call_amount and totals[best] < 0:
            self.values[str(FOLD.action)] = 0.0
            return FOLD
        return best

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

    def _rollout(self, sim: Hand, first: Decision, rng: random.Random) -> int:
        """The LBR player's net at the end of ``sim`` after ``first``, checking and calling down."""
        apply_decision(sim, self.player_id, first)
        while (pid := sim.to_act) is not None:
            if pid != self.player_id:
                decision = self.policy(sim.public_view(recent=0), sim.private_view(pid), rng)
            elif sim.phase is Phase.DRAWING:
                decision = DRAWER(sim.public_view(recent=0), sim.private_view(pid), rng)
            elif self.continuation is None:
                decision = CHECK_CALL
            else:
                decision = self.continuation(sim.public_view(recent=0), sim.private_view(pid), rng)
            apply_decision(sim, pid, decision)
        result = sim.result
        assert result is not None
        return result.net[self.player_id]


def play_hand(
    hand: Hand, house: Player, lbr: LocalBestResponse, house_rng: random.Random
) -> list[float]:
    """Play ``hand`` to the end, the house by ``house``, the LBR player by ``lbr``; the house's
    decision times in seconds."""
    timings: list[float] = []
    while (pid := hand.to_act) is not None:
        if pid == lbr.player_id:
            decision = lbr.decide(hand)
        else:
            public = hand.public_view(recent=0)
            started = time.perf_counter()
            decision = house(public, hand.private_view(pid), house_rng)
            timings.append(time.perf_counter() - started)
            lbr.observe(hand, public, decision)
        apply_decision(hand, pid, decision)
    return timings


def play_lbr_decks(
    house: Player,
    first: int,
    count: int,
    seed: int,
    particles: int = PARTICLES,
    rollouts: int = ROLLOUTS,
    continuation: str = "call",
) -> tuple[list[float], list[float]]:
    """Play decks ``first .. first + count - 1`` heads-up twice each (seats swapped), the house
    against LBR; return the house's big bets per hand of each deck and its decision times."""
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
                rollouts=rollouts,
                continuation=CONTINUATIONS[continuation],
            )
            house_rng = random.Random(f"{deck_seed}-{swap}-house")
            timings.extend(play_hand(hand, house, lbr, house_rng))
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
    rollouts: int = ROLLOUTS,
    continuation: str = "call",
) -> tuple[list[float], list[float]]:
    """``play_lbr_decks`` against a named house level (picklable, for a process pool)."""
    house = house_player(LEVELS[level])
    return play_lbr_decks(house, first, count, seed, particles, rollouts, continuation)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--level", default="strong", choices=list(LEVELS))
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--particles", type=int, default=PARTICLES)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS)
    parser.add_argument("--continuation", default="call", choices=list(CONTINUATIONS))
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args(argv)
    decks = max(2, math.ceil(args.hands / 2))
    started = time.perf_counter()
    per_deck, _ = play_level(
        args.level, 0, decks, args.seed, args.particles, args.rollouts, args.continuation
    )
    mean = 100 * statistics.fmean(per_deck)
    half = 100 * 1.96 * statistics.stdev(per_deck) / math.sqrt(len(per_deck))
    print(
        f"{args.level} vs local best response heads-up, {2 * decks} hands "
        f"({args.particles} particles, {args.rollouts} rollouts an action, "
        f"continuation {args.continuation}): "
        f"{mean:+.1f} ± {half:.1f} bb/100 [{mean - half:+.1f}, {mean + half:+.1f}] "
        f"({time.perf_counter() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
