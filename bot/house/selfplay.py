"""Drive whole hands with house players (benchmarks and tests).

Each seat's player sees only ``hand.public_view()`` and its own ``hand.private_view(pid)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import TypeAlias

from bot.engine.cards import EngineError
from bot.engine.hand import ActionRecord, Hand, Phase, PrivateView, PublicView
from bot.house.levels import decide
from bot.house.strategy import Action, Decision, Style

Player: TypeAlias = Callable[[PublicView, PrivateView, random.Random], Decision]
"""A seat's policy: the public view, its own private view and a generator in, a decision out."""


def house_player(style: Style) -> Player:
    """The ``decide`` policy of ``style`` as a ``Player``."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        return decide(public, private, style, rng)

    play.__name__ = f"house_{style.name}"
    return play


def apply_decision(hand: Hand, player_id: int, decision: Decision) -> ActionRecord:
    """Make ``decision`` in ``hand`` for ``player_id`` (the engine checks it is legal)."""
    if decision.action is None:
        if hand.phase is not Phase.DRAWING:
            raise EngineError("A draw was chosen in a betting round.")
        return hand.draw(player_id, decision.discards)
    if decision.action is Action.FOLD:
        return hand.fold(player_id)
    if decision.action is Action.CHECK_CALL:
        return hand.check_or_call(player_id)
    return hand.bet_or_raise(player_id)


def play_out(
    hand: Hand,
    players: Mapping[int, Player],
    rngs: Mapping[int, random.Random],
    timings: Mapping[int, list[float]] | None = None,
) -> None:
    """Play ``hand`` to the end, each player id deciding with its own policy and generator;
    ``timings[pid]`` (if given) collects that player's decision times in seconds."""
    while (pid := hand.to_act) is not None:
        public = hand.public_view(recent=0)
        private = hand.private_view(pid)
        started = time.perf_counter()
        decision = players[pid](public, private, rngs[pid])
        if timings is not None and pid in timings:
            timings[pid].append(time.perf_counter() - started)
        apply_decision(hand, pid, decision)
