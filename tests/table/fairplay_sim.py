"""A simulated server for the fair-play detector: house players of one level at six-seat
tables, reseated every 30 hands, and colluding pairs (a dumper who puts chips in and folds to
its partner's late bets, a receiver who bets into the dumper; two soft players who never bet
into each other; a funnel: an account made days ago that sits with its main for a few tables
and dumps to it), played through the engine. Every account is years old but the funnel and a
newcomer who plays honestly (``young``: by their ids' time, at ``NOW``)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.engine.hand import Hand, Phase, PrivateView, PublicView, SeatedPlayer, Stakes
from bot.features.fairplay.gates import DAY, DISCORD_EPOCH_MS
from bot.house import STYLES
from bot.house.selfplay import Player, apply_decision, house_player
from bot.house.strategy import Action, Decision

HONEST = house_player(STYLES["solid"])
POOL = tuple(range(5000, 5016))
COLLUDERS = {5000: 5001, 5002: 5003}
"""Dumper -> receiver."""
SOFT = (5004, 5005)
"""Two accounts that play honestly against everyone but never bet into each other."""
CALLERS = {5008: 5009}
"""Caller -> bettor (``simulate``'s ``callers``): a pair that dumps by calling down."""
NOW = 1_790_000_000.0
"""The simulated server's present (2026-09-21): how old its members' accounts are."""


def snowflake(created: float) -> int:
    """A Discord id made at ``created`` (seconds)."""
    return (int(created * 1000) - DISCORD_EPOCH_MS) << 22


FUNNEL = snowflake(NOW - 3 * DAY)
"""An account made three days ago that passes chips to ``MAIN`` (``funnel``) at a few tables."""
MAIN = 5006
NEWCOMER = snowflake(NOW - 2 * DAY)
"""An account made two days ago that plays honestly, as often as the others."""
FUNNEL_TABLES = 2
"""Tables of 30 hands the funnel sits at (with its main), among the first."""


def _alive(public: PublicView) -> set[int]:
    return {seat.player_id for seat in public.seats if seat.state != "folded"}


def dumper(partner: int) -> Player:
    """Plays honestly until its partner is in: then bets and raises, and folds to any bet from
    the second draw on (the chips it put in go to the partner)."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        legal = public.legal
        if partner not in _alive(public) or public.phase is Phase.DRAWING or legal is None:
            return HONEST(public, private, rng)
        if legal.call_amount > 0 and public.betting_round >= 2:
            return Decision(action=Action.FOLD)
        if legal.can_bet_or_raise:
            return Decision(action=Action.BET_RAISE)
        return Decision(action=Action.CHECK_CALL)

    return play


def funnel(main: int) -> Player:
    """Plays honestly until its main is in: then never bets, calls to the second draw and
    folds to any bet after it (a quieter dumper: its main bets into it late)."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        legal = public.legal
        if main not in _alive(public) or public.phase is Phase.DRAWING or legal is None:
            return HONEST(public, private, rng)
        if legal.call_amount > 0 and public.betting_round >= 2:
            return Decision(action=Action.FOLD)
        return Decision(action=Action.CHECK_CALL)

    return play


def caller(partner: int) -> Player:
    """Plays honestly until its partner is in: then stands pat on what it was dealt, never
    bets and calls every bet to the end (calling down with hands that could not win, often a
    pair or worse: its chips go to the partner at the showdown)."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        if partner not in _alive(public):
            return HONEST(public, private, rng)
        if public.phase is Phase.DRAWING:
            return Decision()  # stands pat
        if public.legal is None:
            return HONEST(public, private, rng)
        return Decision(action=Action.CHECK_CALL)

    return play


def receiver(partner: int) -> Player:
    """Plays honestly, but bets whenever it can from the second draw on while its partner is
    in."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        legal = public.legal
        late = public.phase is not Phase.DRAWING and public.betting_round >= 2
        if partner in _alive(public) and late and legal is not None and legal.can_bet_or_raise:
            return Decision(action=Action.BET_RAISE)
        return HONEST(public, private, rng)

    return play


def soft(partner: int) -> Player:
    """Plays honestly, but once only it and its partner are left, never bets or raises (and
    never folds): the pot is checked down."""

    def play(public: PublicView, private: PrivateView, rng: random.Random) -> Decision:
        if public.phase is not Phase.DRAWING and _alive(public) == {private.player_id, partner}:
            return Decision(action=Action.CHECK_CALL)
        return HONEST(public, private, rng)

    return play


def simulate(hands: int, seed: int = 7, callers: Mapping[int, int] | None = None) -> list[Hand]:
    """``hands`` finished hands of the simulated server; with ``callers`` (caller -> bettor,
    honest members of ``POOL`` otherwise) a pair more, whose caller calls its bettor down."""
    rng = random.Random(seed)
    pool = (*POOL[:-1], NEWCOMER)
    pairs = {**COLLUDERS, SOFT[0]: SOFT[1], **(callers or {})}
    partner = {**pairs, **{r: d for d, r in pairs.items()}}
    policy: dict[int, Player] = dict.fromkeys(pool, HONEST)
    policy[FUNNEL], policy[MAIN] = dumper(MAIN), receiver(FUNNEL)
    for giver, taker in COLLUDERS.items():
        policy[giver] = dumper(taker)
        policy[taker] = receiver(giver)
    policy[SOFT[0]], policy[SOFT[1]] = soft(SOFT[1]), soft(SOFT[0])
    for giver, taker in (callers or {}).items():
        policy[giver], policy[taker] = caller(taker), receiver(giver)
    rngs = {pid: random.Random(pid) for pid in (*pool, FUNNEL)}
    played: list[Hand] = []
    tables = funnel_tables = 0
    while len(played) < hands:
        seats = rng.sample(pool, 6)
        for pid in list(seats):  # colluders sit together
            if pid in partner and partner[pid] not in seats:
                honest = next((p for p in seats if p not in partner), None)
                if honest is not None:  # else it plays without its partner, honestly
                    seats[seats.index(honest)] = partner[pid]
        others = [p for p in seats if p not in partner and p != MAIN]
        if tables % 3 == 1 and funnel_tables < FUNNEL_TABLES and len(others) >= 2:
            funnel_tables += 1  # the funnel sits with its main
            seats[seats.index(others[0])] = FUNNEL
            if MAIN not in seats:
                seats[seats.index(others[1])] = MAIN
        tables += 1
        for deal in range(30):
            players = [SeatedPlayer(pid, str(pid), 400, i) for i, pid in enumerate(seats)]
            hand = Hand.start(players, deal % 6, Stakes(10), rng=rng, hand_id=len(played) + 1)
            while (pid := hand.to_act) is not None:
                view = hand.public_view(recent=0)
                apply_decision(hand, pid, policy[pid](view, hand.private_view(pid), rngs[pid]))
            played.append(hand)
    return played[:hands]
