"""Counterfactual replays of the house's betting decisions against the local best response.

    python -m bench.counterfactual --level strong --hands 1000 --seed 29 --dump FILE
    python -m bench.counterfactual --summary FILE [FILE ...]     # pool several seeds' dumps

Plays the decks of ``bench.best_response`` (the same seeds and random streams: the match is the
one ``python -m bench.best_response --seed S`` plays, its result printed beside), and at each
house betting decision on ``--rounds`` (the last round by default) replays every legal action:
the hand, the LBR player (its belief and random state) and the house's random state copied, the
action made, the hand played out to the end by both policies. Each replay's value is the house's
net result of the hand in big bets, so two actions of one decision compare exactly, on the same
cards (the LBR player answers as it would: it knows the house's policy, not its cards).

The summary groups the decisions by what the house can see (the round, who decided: the solved
table or the rules, what it faced: a bet or nothing, before the draw the blind, a raise or more
raises; in or out of position, the LBR player's last draw, the action chosen; ``--by-holding`` adds
the house's hand; each dump line also keeps the house's pre-draw ``draw_value``) and prints, for
each other action, the mean gain of switching to it with its 95% interval and what switching every
decision of the group would have come to in bb/100 of the match. A gain is against this best
response with its policy fixed: it answers a changed house policy differently, so a gain found here
is a lead to measure with ``bench.best_response`` (paired over the same decks), not a result.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from bench.best_response import (
    PARTICLES,
    SAMPLES,
    STAKES,
    STREETS,
    LocalBestResponse,
    clone,
    holding_name,
    play_hand,
    play_lbr_decks,
)
from bot.engine import Hand
from bot.house import LEVELS, Decision, Player, Style, apply_decision, house_player
from bot.house.solved import solved_action
from bot.house.strategy import BET_RAISE, CHECK_CALL, FOLD, draw_value
from bot.house.strong import _solved_spot

VERBS = {FOLD.action: "fold", CHECK_CALL.action: "check/call", BET_RAISE.action: "bet/raise"}


@dataclass(slots=True)
class Replay:
    """One house betting decision and the value of each legal action (big bets, the house's
    net result of the hand after it)."""

    street: int
    decided: str
    """``table`` when the solved table made the decision, else ``rules``."""
    facing: bool
    in_position: bool
    holding: str
    """The house's hand (``bench.best_response.holding_name``)."""
    against: str
    """The LBR player's latest draw (``vs 0`` stood pat), or ``-`` before the first."""
    chosen: str
    values: dict[str, float]
    bets: int = 0
    """The bets in the round when the house decided (``Legal.bets_this_round``: before the
    draw the big blind counts as the first)."""
    value: float = 0.0
    """The house's ``draw_value`` before the draw (what its pre-draw thresholds read)."""


def decided_by(hand: Hand, house_id: int, style: Style) -> str:
    """Whether the strong level's solved table or its rules decide the house's turn."""
    public = hand.public_view(recent=0)
    cards = hand.private_view(house_id).cards
    me = next(s for s in public.seats if s.player_id == house_id)
    others = [s for s in public.seats if s.player_id != house_id]
    if style.solved_rounds and _solved_spot(public, cards, me, others, style):
        probe = random.Random(0)
        if solved_action(public, cards, me, others[0], probe, style.solved_visits) is not None:
            return "table"
    return "rules"


def action_values(
    hand: Hand, house: Player, lbr: LocalBestResponse, house_rng: random.Random
) -> dict[str, float]:
    """The house's net result (big bets) after each legal action at its turn in ``hand``, the
    rest of the hand played out by ``house`` and copies of ``lbr`` and ``house_rng``."""
    public = hand.public_view(recent=0)
    legal = public.legal
    assert legal is not None
    options = ([FOLD] if legal.call_amount else []) + [CHECK_CALL]
    if legal.can_bet_or_raise:
        options.append(BET_RAISE)
    values: dict[str, float] = {}
    for option in options:
        sim = clone(hand)
        responder = copy.deepcopy(lbr)
        rng = copy.deepcopy(house_rng)
        responder.observe(sim, public, option)
        apply_decision(sim, lbr.house_id, option)
        play_hand(sim, house, responder, rng)
        assert sim.result is not None
        values[VERBS[option.action]] = sim.result.net[lbr.house_id] / STAKES.big_bet
    return values


def replay_decks(
    style: Style,
    count: int,
    seed: int,
    rounds: Sequence[int],
    particles: int = PARTICLES,
    samples: int = SAMPLES,
) -> tuple[list[float], list[Replay]]:
    """``bench.best_response.play_lbr_decks`` against ``style`` over ``count`` decks, every house
    betting decision on ``rounds`` replayed (``action_values``)."""
    house = house_player(style)
    replays: list[Replay] = []

    def watch(hand: Hand, lbr: LocalBestResponse, rng: random.Random, decision: Decision) -> None:
        if hand.betting_round not in rounds:
            return
        public = hand.public_view(recent=0)
        legal = public.legal
        assert legal is not None and decision.action is not None
        other = next(s for s in public.seats if s.player_id == lbr.player_id)
        thrown = [c for c in other.draw_counts if c is not None]
        replays.append(
            Replay(
                street=hand.betting_round,
                decided=decided_by(hand, lbr.house_id, style),
                facing=bool(legal.call_amount),
                in_position=public.button_seat
                == next(s.seat for s in public.seats if s.player_id == lbr.house_id),
                holding=holding_name(hand.private_view(lbr.house_id).cards, hand.betting_round),
                against=f"vs {thrown[-1]}" if thrown else "-",
                chosen=VERBS[decision.action],
                values=action_values(hand, house, lbr, rng),
                bets=legal.bets_this_round,
                value=draw_value(hand.private_view(lbr.house_id).cards),
            )
        )

    per_deck, _ = play_lbr_decks(house, 0, count, seed, particles, samples, watch=watch)
    return per_deck, replays


def facing(replay: Replay) -> str:
    """What the house faced: before the draw the blind, a raise or more raises (the big blind
    is the round's first bet), after it a bet or nothing."""
    if not replay.facing:
        return "nothing owed"
    if replay.street or not replay.bets:
        return "facing a bet"
    if replay.bets <= 2:
        return ("facing the blind", "facing a raise")[replay.bets - 1]
    return f"facing {replay.bets - 1} raises"


def group_key(replay: Replay, by_holding: bool) -> str:
    """A summary row's group: what the house can see when it decides."""
    against = "vs 2+" if replay.against not in ("-", "vs 0", "vs 1") else replay.against
    parts = [
        STREETS[replay.street],
        replay.decided,
        facing(replay),
        "house IP" if replay.in_position else "house OOP",
        against,
    ]
    if by_holding:
        parts.append(replay.holding)
    return " | ".join([*parts, f"chose {replay.chosen}"])


def summary(replays: Sequence[Replay], hands: int, by_holding: bool = False) -> str:
    """The groups' gains of switching (see the module's note), the largest possible gain
    first."""
    groups: dict[str, list[Replay]] = {}
    for replay in replays:
        groups.setdefault(group_key(replay, by_holding), []).append(replay)
    rows: list[tuple[float, str]] = []
    for key, group in groups.items():
        parts: list[str] = []
        best = 0.0
        for verb in VERBS.values():
            gains = [r.values[verb] - r.values[r.chosen] for r in group if verb in r.values]
            if verb == group[0].chosen or not gains:
                continue
            mean = statistics.fmean(gains)
            half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0
            share = 100 * sum(gains) / hands
            best = max(best, share)
            parts.append(f"{verb} {mean:+.2f} ± {half:.2f} ({share:+.1f})")
        rows.append((best, f"{len(group):>5}  {key}: " + ", ".join(parts)))
    out = [
        f"{len(replays)} house decisions over {hands} hands; per group: decisions, then for each "
        "other action the mean gain of switching to it (big bets each, 95% interval) and "
        "(bb/100 of the match) switching every decision of the group would have come to"
    ]
    out.extend(line for _, line in sorted(rows, key=lambda row: -row[0]))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--level", default="strong", choices=list(LEVELS))
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--particles", type=int, default=PARTICLES)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument(
        "--rounds", default="3", help="betting rounds to replay, comma-separated (0 pre-draw)"
    )
    parser.add_argument("--by-holding", action="store_true", help="group by the house's hand")
    parser.add_argument("--dump", help="also write every replay to this file (JSON lines)")
    parser.add_argument("--summary", nargs="+", help="summarise these dumps instead of playing")
    args = parser.parse_args(argv)
    if args.summary:
        replays: list[Replay] = []
        hands = 0
        for path in args.summary:
            with open(path, encoding="utf-8") as source:
                header = json.loads(source.readline())
                hands += header["hands"]
                replays.extend(Replay(**json.loads(line)) for line in source)
        print(summary(replays, hands, args.by_holding))
        return 0
    decks = max(2, math.ceil(args.hands / 2))
    started = time.perf_counter()
    rounds = [int(r) for r in args.rounds.split(",")]
    per_deck, replays = replay_decks(
        LEVELS[args.level], decks, args.seed, rounds, args.particles, args.samples
    )
    mean = 100 * statistics.fmean(per_deck)
    print(
        f"{args.level} vs local best response heads-up, {2 * decks} hands (seed {args.seed}): "
        f"{mean:+.1f} bb/100 ({time.perf_counter() - started:.0f} s)"
    )
    print(summary(replays, 2 * decks, args.by_holding))
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as out:
            out.write(json.dumps({"hands": 2 * decks, "seed": args.seed}) + "\n")
            for replay in replays:
                out.write(json.dumps(asdict(replay)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
