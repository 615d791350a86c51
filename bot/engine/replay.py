"""A stored hand, step by step, as one viewer may see it: the replayer's pure part.

``replay_steps(hand, viewer_id)`` walks the hand's operations (``Hand.operations``, which its
records come from) and returns one ``ReplayStep`` per thing a player did (a bet,
a fold, a draw, a show or a muck at the showdown, a pot paid out), after a first step for the
deal. Each step carries the pot, every seat's stack, bet in the round and draw counts so far
(and the button and blinds), its street (pre-draw, each draw, the showdown), how much of the
hand's public log had been written, and the public record of the action with no hidden card
in it.

Redaction happens here, once: a step holds the viewer's own cards (and what they threw and got
at their own draws), an opponent's cards only once they were shown at the showdown, and
nothing private of anyone else. A viewer who did not play sees only what the table saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.cards import CARDS, Card
from bot.engine.hand import Hand
from bot.engine.operations import (
    ActionRecord,
    Awarding,
    BettingOpening,
    BettingOrRaising,
    BlindPosting,
    CardBurning,
    CheckingOrCalling,
    Drawing,
    DrawOpening,
    Folding,
    HoleDealing,
    Leaving,
    Mucking,
    Returning,
    Showing,
)

STEP_OPERATIONS = (
    Folding,
    CheckingOrCalling,
    BettingOrRaising,
    Drawing,
    Showing,
    Mucking,
    Returning,
    Awarding,
    Leaving,
)
"""Operations that make a step of their own (blinds and the deal make the first step; rounds,
burns and reshuffles only change what the next step shows)."""
UNLOGGED = (HoleDealing, CardBurning)
"""Operations the hand's public log leaves out (``Hand.public_log``: it also leaves out what
was played for a player who left)."""
STREETS = 5
"""Pre-draw (0), draw 1..3 (1..3, with the betting after each), the showdown (4)."""
SHOWDOWN = 4


@dataclass(frozen=True)
class ReplaySeat:
    """One player as the table showed them after a step."""

    player_id: int
    name: str
    seat: int
    """Table seat 0..5."""
    stack: int
    """Chips in front of them (bets in the pot not counted)."""
    bet: int
    """Chips they put in during the current betting round."""
    draws: tuple[int, ...]
    """Cards drawn at each draw so far (0 = stood pat), earliest first."""
    folded: bool
    shown: tuple[Card, ...] = ()
    """Their hand, once shown at the showdown (public); empty otherwise."""
    button: bool = False
    blind: str | None = None
    """``SB`` or ``BB``: the blind they posted."""


@dataclass(frozen=True)
class ReplayStep:
    """The hand right after one action, as the viewer may see it."""

    number: int
    """0 for the deal, then 1, 2, ... in order."""
    record: ActionRecord | None
    """The public record of the action (private card fields emptied); None for the deal."""
    actor: str
    """The acting player's name ("" for the deal)."""
    phase: str
    """``betting``, ``drawing`` or ``complete``: what the table was doing at this step."""
    draw_round: int
    """0 before the first draw, then 1..3."""
    pot: int
    seats: tuple[ReplaySeat, ...]
    cards: tuple[Card, ...] = ()
    """The viewer's five cards at this step (empty when the viewer did not play)."""
    thrown: tuple[Card, ...] = ()
    """What the viewer threw at this step (their own draw only)."""
    received: tuple[Card, ...] = ()
    """What the viewer got at this step (their own draw only)."""
    street: int = 0
    """0 pre-draw, 1..3 a draw and the betting after it, 4 the showdown (from the first hand
    shown or mucked on)."""
    logged: int = 0
    """How many lines of ``Replay.log`` the table had written at this step."""


@dataclass(frozen=True)
class Replay:
    """Every step of one hand for one viewer."""

    hand_id: int
    viewer_id: int | None
    played: bool
    """Whether the viewer was dealt into the hand."""
    complete: bool
    """Whether the hand was played to its end (a voided hand stops where it stopped)."""
    steps: tuple[ReplayStep, ...]
    log: tuple[ActionRecord, ...] = ()
    """The hand's whole public log (``Hand.public_log``: the rounds' openings, no hidden card);
    a step shows its first ``logged`` lines."""

    def street_start(self, street: int) -> int | None:
        """The first step of ``street`` (0..4), None when the hand never reached it."""
        return next((s.number for s in self.steps if s.street == street), None)


def _cards(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(CARDS[int(c)] for c in ids)


def _public(record: ActionRecord) -> ActionRecord:
    """The record with its private card fields emptied (``shown`` is public)."""
    if record.discarded or record.received:
        return replace(record, discarded=(), received=())
    return record


def replay_steps(hand: Hand, viewer_id: int | None) -> Replay:
    """The steps of ``hand`` as ``viewer_id`` may see them (None: a viewer who did not play)."""
    state: dict[str, Any] = hand.to_json()
    ids: list[int] = [int(i) for i in state["ids"]]
    names: list[str] = [str(n) for n in state["names"]]
    seats: list[int] = [int(s) for s in state["seats"]]
    n = len(ids)
    small_blind, big_blind = (1, 0) if n == 2 else (0, 1)  # positions (Hand: heads-up rule)
    blinds = {small_blind: "SB", big_blind: "BB"}
    viewer = ids.index(viewer_id) if viewer_id in ids else None
    records = hand.records
    operations = hand.operations

    stacks = [int(s) for s in state["starting"]]
    bets = [0] * n
    folded = [False] * n
    draws: list[list[int]] = [[] for _ in range(n)]
    shown: list[tuple[Card, ...]] = [() for _ in range(n)]
    mine: list[int] = []
    pot = 0
    phase = "betting"
    draw_round = 0
    showdown = False
    logged = 0
    steps: list[ReplayStep] = []

    def step(record: ActionRecord | None, actor: str, **viewer_draw: tuple[Card, ...]) -> None:
        table = tuple(
            ReplaySeat(
                ids[i],
                names[i],
                seats[i],
                stacks[i],
                bets[i],
                tuple(draws[i]),
                folded[i],
                shown[i],
                button=i == n - 1,
                blind=blinds.get(i),
            )
            for i in range(n)
        )
        own = tuple(sorted(_cards(mine), key=int, reverse=True))
        steps.append(
            ReplayStep(
                len(steps),
                None if record is None else _public(record),
                actor,
                phase,
                draw_round,
                pot,
                table,
                own,
                street=SHOWDOWN if showdown else draw_round,
                logged=logged,
                **viewer_draw,
            )
        )

    dealt = False
    for index, op in enumerate(operations):
        if not isinstance(op, UNLOGGED) and not getattr(op, "left", False):
            logged += 1
        match op:
            case (
                BlindPosting(position=pos, amount=amount)
                | CheckingOrCalling(position=pos, amount=amount)
            ):
                stacks[pos] -= amount
                bets[pos] += amount
                pot += amount
            case HoleDealing():
                if viewer is not None:
                    mine = list(op.hole(viewer))
                dealt = True
                step(None, "")
                continue
            case BettingOpening(round=betting_round):
                if betting_round:  # the first betting round opens on the blinds
                    bets = [0] * n
                phase = "betting"
            case DrawOpening(draw=draw):
                bets = [0] * n
                phase, draw_round = "drawing", draw
            case Folding(position=pos) | Leaving(position=pos):
                folded[pos] = True
            case BettingOrRaising(position=pos, to=to):
                paid = to - bets[pos]
                stacks[pos] -= paid
                bets[pos] = to
                pot += paid
            case Drawing(position=pos, left=True):
                folded[pos] = True
            case Drawing(position=pos, discarded=discarded):
                draws[pos].append(len(discarded))
            case Showing(position=pos, cards=cards):
                shown[pos] = _cards(cards)
                phase, showdown = "complete", True
            case Mucking():
                phase, showdown = "complete", True
            case Returning(position=pos, amount=amount) | Awarding(position=pos, amount=amount):
                stacks[pos] += amount
                pot -= amount
                phase = "complete"
                bets = [0] * n
        if not isinstance(op, STEP_OPERATIONS) or not dealt:
            continue
        actor = names[op.position]
        if isinstance(op, Drawing) and op.position == viewer and not op.left:
            thrown, got = op.discarded, op.received
            mine = [c for c in mine if c not in thrown] + list(got)
            step(records[index], actor, thrown=_cards(thrown), received=_cards(got))
        else:
            step(records[index], actor)
    return Replay(
        hand_id=hand.hand_id,
        viewer_id=viewer_id,
        played=viewer is not None,
        complete=hand.is_complete,
        steps=tuple(steps),
        log=hand.public_log(),
    )
