"""External-sampling Monte-Carlo CFR on an abstraction of heads-up fixed-limit 2-7 Triple Draw.

    python -m bench.mccfr --iterations 40000 --report-every 10000
    python -m bench.mccfr --iterations 2000 --out /tmp/strategy.json

Issue 40's computed strategy: a solver and its exploitability as it trains. ``--out`` writes
the average strategy as the table the ``strong`` level reads (``bot/house/solved.json.gz``,
compressed when the name ends in ``.gz``; the abstraction's buckets, draw choices and
information-set key live in ``bot/house/solved.py``, which maps a house seat's view onto them;
this writes the shipped table byte for byte, 20 minutes on one core; docs/TOOLS.md has its
exploitability as it trained):

    python -m bench.mccfr --iterations 75000 --report-every 75000 --br-train 10 \
        --br-evaluate 10 --out bot/house/solved.json.gz

The abstraction (what it keeps and what it loses):

- **Betting is exact**: fixed limit, small bets before the draw and after the first draw, big
  bets after the second and third, four bets a round with the big blind counting as the first
  before the draw (the engine's default ``Stakes``); chips in units of half a small bet.
- **The draw is a decision between two choices** (``bot.house.solved.draw_options``): stand
  pat (a made hand, or a snow on a draw) or draw (the rule's draw: keep the distinct low cards
  up to an eight, up to a nine on the last draw; on a hand the rule stands pat on, a nine or ten
  or a rough eight, a break of its highest card); a seven or a smooth eight always stands pat.
  The big blind draws first; the draw counts are public, as at the table, and a player knows
  whether it is snowing (a pat on a jack or worse). What is lost: which low cards a draw keeps
  (one rule), and drawing more or fewer cards than the rule.
- **Cards are buckets** (``bucket``): before the last round a pat hand by its class (seven,
  smooth eight, rough eight, nine, ten) and a draw by how many cards it takes and how high it
  keeps; on the last round the final hand by eight classes. The opponent's latest draw count is
  part of an information set; the betting before this round only as the pot's size
  (imperfect recall: two lines that put the same chips in are one). What is lost: card removal,
  suits, the order of earlier bets, and everything inside a bucket.

Training samples a deal (the deck: each line of draw choices then fixes both players' cards,
``Deal.line``), then walks the tree of bets and draw choices: every action at the traverser's
nodes, one sampled from the current strategy at the opponent's (external sampling, Lanctot et
al. 2009), with regret matching+ (regrets floored at zero) and the average strategy weighted by
iteration.

Exploitability (``exploitability``) is measured in the abstraction: a best response for each
seat is trained against the frozen average strategy (regret matching on its own tables, the
same sampled deals, the average strategy fixed; it then plays the action of most cumulative
regret, calling where it never trained), then both are evaluated against it over fresh
deals with every action of both sides weighted exactly. The mean of the two best responses' wins
is printed in bb/100 (big bets per 100 hands); it is a lower bound on the abstract game's
exploitability (the best response is trained, not exact, and limited to the same buckets).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.engine.evaluator import rank27_ints
from bot.house.solved import (
    CALL,
    DRAW,
    DRAW_LINE,
    DRAWS,
    FOLD,
    NOT_YET,
    PAT,
    RAISE,
    bucket,
    draw_options,
    kept_by,
    set_key,
    snowing,
)

SMALL_BLIND, BIG_BLIND = 1, 2
"""Blinds in units of half a small bet."""
BET_SIZE = (2, 2, 4, 4)
"""A bet by betting round: a small bet before the draw and after the first, then a big bet."""
CAP = 4
ROUNDS = 4
BIG_BET = 4


class Deal:
    """Everything chance decides in one hand: a shuffled deck, dealt five cards each (player 0
    the big blind first) and drawn from in turn. What it gives each line of draw choices (a
    string of ``PAT`` / ``DRAW``, the big blind's first at each draw) is worked out when a walk
    first reaches it and kept: both hands, the next card of the stub, each player's latest draw
    count and both buckets on the next betting round."""

    __slots__ = ("_lines", "_winners", "deck")

    def __init__(self, deck: Sequence[int]) -> None:
        self.deck = tuple(deck)
        hands = (list(self.deck[0:10:2]), list(self.deck[1:10:2]))
        self._lines: dict[str, _Line] = {"": _Line(hands, 10, (NOT_YET, NOT_YET), DRAWS)}
        self._winners: dict[str, int] = {}

    def line(self, path: str) -> _Line:
        """The hands and public counts after the draw choices ``path``."""
        got = self._lines.get(path)
        if got is None:
            before = self.line(path[:-1])
            player = (len(path) - 1) % 2
            left = DRAWS - (len(path) - 1) // 2
            kept = kept_by(before.hands[player], left, path[-1])
            count = 5 - len(kept)
            drawn = kept + list(self.deck[before.next_card : before.next_card + count])
            hands = (drawn, before.hands[1]) if player == 0 else (before.hands[0], drawn)
            counts = (count, before.counts[1]) if player == 0 else (before.counts[0], count)
            got = _Line(hands, before.next_card + count, counts, DRAWS - len(path) // 2)
            self._lines[path] = got
        return got

    def winner(self, path: str) -> int:
        """1 when player 0 wins the showdown after ``path``, -1 when player 1 does, 0 a split."""
        got = self._winners.get(path)
        if got is None:
            a, b = (rank27_ints(*h) for h in self.line(path).hands)
            got = self._winners[path] = 0 if a == b else (1 if a < b else -1)
        return got


@dataclass(slots=True)
class _Line:
    hands: tuple[list[int], list[int]]
    next_card: int
    counts: tuple[int, int]
    """Each player's latest draw count (``NOT_YET`` before its first)."""
    draws_left: int
    """Draws still to come for the player to draw next (on a betting round: after it)."""
    buckets: tuple[int, int] = (0, 0)
    snows: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.buckets = (
            bucket(self.hands[0], self.draws_left),
            bucket(self.hands[1], self.draws_left),
        )
        self.snows = (
            snowing(self.hands[0], self.counts[0]),
            snowing(self.hands[1], self.counts[1]),
        )


def deal(rng: random.Random) -> Deal:
    """A shuffled deck."""
    deck = list(range(52))
    rng.shuffle(deck)
    return Deal(deck)


@dataclass(slots=True)
class State:
    """A betting or drawing state: player 0 is the big blind (first to act after a draw, and
    first to draw), player 1 the small blind and button (first before the draw)."""

    round: int = 0
    """The betting round; while ``drawing``, the one just closed."""
    put: list[int] = field(default_factory=lambda: [BIG_BLIND, SMALL_BLIND])
    bets: int = 1
    """Bets in this round (the big blind counts as the first before the draw)."""
    to_act: int = 1
    acted: int = 0
    """Actions in this round so far."""
    line: str = ""
    """This round's actions."""
    folded: int = -1
    drawing: bool = False
    path: str = ""
    """The draw choices so far (``Deal.line``)."""

    def copy(self) -> State:
        return State(
            self.round,
            self.put[:],
            self.bets,
            self.to_act,
            self.acted,
            self.line,
            self.folded,
            self.drawing,
            self.path,
        )

    def legal(self, d: Deal | None = None) -> str:
        """The betting actions, or at a draw the choices of the hand ``d`` deals."""
        if self.drawing:
            assert d is not None
            hand = d.line(self.path).hands[self.to_act]
            return draw_options(hand, DRAWS - self.round)
        owed = self.put[1 - self.to_act] > self.put[self.to_act]
        return (FOLD if owed else "") + CALL + (RAISE if self.bets < CAP else "")

    def apply(self, action: str) -> State:
        s = self.copy()
        me = s.to_act
        if s.drawing:
            s.path += action
            if me == 0:
                s.to_act = 1
            else:
                s.drawing = False
                s.round += 1
                s.to_act = 0
            return s
        s.line += action
        s.acted += 1
        if action == FOLD:
            s.folded = me
            return s
        if action == RAISE:
            s.put[me] = s.put[1 - me] + BET_SIZE[s.round]
            s.bets += 1
            s.to_act = 1 - me
            return s
        s.put[me] = s.put[1 - me]
        if s.acted >= 2:  # the round closes: a call, or a check behind
            if s.round + 1 < ROUNDS:
                s.drawing = True
            else:
                s.round += 1
            s.bets = 0
            s.to_act = 0
            s.acted = 0
            s.line = ""
        else:
            s.to_act = 1 - me
        return s

    @property
    def terminal(self) -> bool:
        return self.folded >= 0 or self.round >= ROUNDS

    def utility(self, player: int, d: Deal) -> float:
        """Player ``player``'s net in big bets at a terminal state."""
        if self.folded >= 0:
            net = self.put[1 - player] if self.folded != player else -self.put[player]
        else:
            winner = d.winner(self.path)
            if winner == 0:
                net = 0
            else:
                won = (winner == 1) == (player == 0)
                net = self.put[1 - player] if won else -self.put[player]
        return net / BIG_BET


def info_key(state: State, d: Deal) -> str:
    """The information set of the player to act (``bot.house.solved.set_key``)."""
    p = state.to_act
    line = d.line(state.path)
    pot = state.put[0] + state.put[1]
    snow = line.snows[p]
    if state.drawing:
        return set_key(state.round, line.buckets[p], p, line.counts[1 - p], snow, pot, DRAW_LINE)
    return set_key(state.round, line.buckets[p], p, line.counts[1 - p], snow, pot, state.line)


Table = dict[str, list[float]]


def _matched(regrets: Table, key: str, legal: str) -> list[float]:
    row = regrets.get(key)
    if row is None:
        return [1.0 / len(legal)] * len(legal)
    positive = [max(r, 0.0) for r in row]
    total = sum(positive)
    if total <= 0:
        return [1.0 / len(legal)] * len(legal)
    return [r / total for r in positive]


def average(table: Table, key: str, legal: str) -> list[float]:
    """The average strategy at ``key`` (uniform where never reached)."""
    row = table.get(key)
    total = sum(row) if row else 0.0
    if not row or total <= 0:
        return [1.0 / len(legal)] * len(legal)
    return [w / total for w in row]


@dataclass(slots=True)
class Solver:
    """Regret and average-strategy tables, one row per information set."""

    regrets: Table = field(default_factory=dict)
    strategy: Table = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)
    """How often each information set's average strategy was updated (the opponent's nodes
    of a traversal): how far its row is to be trusted."""
    iterations: int = 0

    def train(self, rng: random.Random, count: int) -> None:
        """``count`` iterations, each one sampled deal traversed once for each player."""
        for _ in range(count):
            self.iterations += 1
            d = deal(rng)
            for traverser in (0, 1):
                self._walk(State(), d, traverser, rng)

    def _walk(self, state: State, d: Deal, traverser: int, rng: random.Random) -> float:
        if state.terminal:
            return state.utility(traverser, d)
        legal = state.legal(d)
        if len(legal) == 1:  # a draw with no choice
            return self._walk(state.apply(legal), d, traverser, rng)
        key = info_key(state, d)
        mix = _matched(self.regrets, key, legal)
        if state.to_act != traverser:
            row = self.strategy.setdefault(key, [0.0] * len(legal))
            self.visits[key] = self.visits.get(key, 0) + 1
            for i, p in enumerate(mix):
                row[i] += self.iterations * p
            action = rng.choices(legal, mix)[0]
            return self._walk(state.apply(action), d, traverser, rng)
        values = [self._walk(state.apply(a), d, traverser, rng) for a in legal]
        node = sum(p * v for p, v in zip(mix, values, strict=True))
        row = self.regrets.setdefault(key, [0.0] * len(legal))
        for i, v in enumerate(values):
            row[i] = max(row[i] + v - node, 0.0)
        return node


def _best_response_walk(
    state: State, d: Deal, responder: int, fixed: Table, regrets: Table, rng: random.Random
) -> float:
    """One regret-matching traversal for ``responder`` against the frozen ``fixed`` average
    (plain regret matching: the cumulative regrets keep their sign, so the action of most regret
    is the one that has done best, even where every regret is negative)."""
    if state.terminal:
        return state.utility(responder, d)
    legal = state.legal(d)
    if len(legal) == 1:
        return _best_response_walk(state.apply(legal), d, responder, fixed, regrets, rng)
    key = info_key(state, d)
    if state.to_act != responder:
        action = rng.choices(legal, average(fixed, key, legal))[0]
        return _best_response_walk(state.apply(action), d, responder, fixed, regrets, rng)
    mix = _matched(regrets, key, legal)
    values = [_best_response_walk(state.apply(a), d, responder, fixed, regrets, rng) for a in legal]
    node = sum(p * v for p, v in zip(mix, values, strict=True))
    row = regrets.setdefault(key, [0.0] * len(legal))
    for i, v in enumerate(values):
        row[i] += v - node  # not floored: the greedy response reads the largest
    return node


_UNTRAINED = {FOLD + CALL + RAISE: CALL, FOLD + CALL: CALL, CALL + RAISE: CALL, PAT + DRAW: DRAW}
"""Where the trained best response never reached a set: call, and draw by the rule."""


def _greedy_value(state: State, d: Deal, responder: int, fixed: Table, regrets: Table) -> float:
    """The responder's expected net when it plays the action of most regret (its best response)
    and the other side the ``fixed`` average, both weighted exactly."""
    if state.terminal:
        return state.utility(responder, d)
    legal = state.legal(d)
    if len(legal) == 1:
        return _greedy_value(state.apply(legal), d, responder, fixed, regrets)
    key = info_key(state, d)
    if state.to_act == responder:
        row = regrets.get(key)
        pick = (
            max(range(len(legal)), key=lambda i: row[i]) if row else legal.index(_UNTRAINED[legal])
        )
        return _greedy_value(state.apply(legal[pick]), d, responder, fixed, regrets)
    mix = average(fixed, key, legal)
    return sum(
        p * _greedy_value(state.apply(a), d, responder, fixed, regrets)
        for a, p in zip(legal, mix, strict=True)
        if p > 1e-9
    )


def exploitability(
    strategy: Table, rng: random.Random, train: int = 4000, evaluate: int = 2000
) -> tuple[float, float]:
    """(the mean of the two seats' best-response wins, its 95% half-width) in bb/100, against
    the average ``strategy`` (see the module's note)."""
    results: list[float] = []
    for responder in (0, 1):
        regrets: Table = {}
        for _ in range(train):
            _best_response_walk(State(), deal(rng), responder, strategy, regrets, rng)
        for _ in range(evaluate):
            results.append(_greedy_value(State(), deal(rng), responder, strategy, regrets))
    # Each seat's mean, then the average of the two: pair the samples seat by seat.
    half = len(results) // 2
    per = [(a + b) / 2 for a, b in zip(results[:half], results[half:], strict=True)]
    mean = sum(per) / len(per)
    spread = (sum((x - mean) ** 2 for x in per) / (len(per) - 1)) ** 0.5
    return 100 * mean, 100 * 1.96 * spread / len(per) ** 0.5


MIN_VISITS = 100
"""Information sets whose average strategy was updated fewer times than this are left out of
the written table (the house plays its own rules there): a row averaged over a handful of
visits is mostly the uniform start. ``Style.solved_visits`` may ask for more."""


def solved_table(solver: Solver, min_visits: int = MIN_VISITS) -> dict[str, object]:
    """The average strategy as the house reads it (``bot.house.solved``): per information set
    (``info_key``) a string of its visit count then the probability of each legal action in
    ``State.legal`` order in thousandths, for the sets visited ``min_visits`` times or more (a
    string per set, not a list: the standard library's JSON reads 8,000 of them in 2 ms, lists
    of numbers in 8)."""
    sets = {
        key: " ".join(
            str(n) for n in (solver.visits[key], *(round(1000 * w / (sum(row) or 1)) for w in row))
        )
        for key, row in sorted(solver.strategy.items())
        if solver.visits.get(key, 0) >= min_visits
    }
    return {"iterations": solver.iterations, "sets": sets}


def write_table(path: Path, table: dict[str, object]) -> None:
    """``table`` as compact JSON, gzip-compressed when ``path`` ends in ``.gz`` (the shipped
    table: a quarter of the size), with no timestamp so that a run writes the same bytes."""
    data = json.dumps(table, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(data, 9, mtime=0) if path.suffix == ".gz" else data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=40_000)
    parser.add_argument("--report-every", type=int, default=10_000)
    parser.add_argument("--br-train", type=int, default=4_000)
    parser.add_argument("--br-evaluate", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--out", type=Path, help="write the average strategy here (JSON)")
    parser.add_argument(
        "--min-visits",
        type=int,
        default=MIN_VISITS,
        help="leave out information sets updated fewer times than this",
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    solver = Solver()
    started = time.perf_counter()
    mean, half = exploitability(solver.strategy, random.Random(1), args.br_train, args.br_evaluate)
    print(f"iteration 0 (uniform random): exploitability {mean:+.1f} ± {half:.1f} bb/100")
    done = 0
    while done < args.iterations:
        step = min(args.report_every, args.iterations - done)
        solver.train(rng, step)
        done += step
        mean, half = exploitability(
            solver.strategy, random.Random(1), args.br_train, args.br_evaluate
        )
        print(
            f"iteration {done}: {len(solver.strategy)} information sets, exploitability "
            f"{mean:+.1f} ± {half:.1f} bb/100 ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        if args.out is not None:  # after every report: a long run leaves its table as it goes
            shipped = solved_table(solver, args.min_visits)
            write_table(args.out, shipped)
            print(f"wrote {len(shipped['sets'])} information sets to {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
