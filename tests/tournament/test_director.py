"""The director of a multi-table tournament, pure: whole tournaments of 14 players on three
tables simulated hand by hand (tables finishing their hands in a random order, players going
out at random), each decision applied as the feature applies it (and the store: the hand that
reaches the bubble starts hand for hand at once, so the hands still running are its first
round). Nobody is lost or seated twice, the tables break and balance, hand for hand starts at
the bubble, each round's players out are placed together, and every tournament ends; then
the named situations of the bubble, one decision each."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from bot.tournament.balance import Move, Table, first_seating, hand_for_hand
from bot.tournament.director import PATIENCE, Decision, decide
from bot.tournament.payouts import paid_places


@dataclass
class Sim:
    rng: random.Random
    tables: dict[int, Table]
    paid: int
    busy: dict[int, bool] = field(default_factory=dict)
    """Tables with a hand in progress: whether it was dealt hand for hand."""
    placed: list[list[int]] = field(default_factory=list)
    """Groups of players placed together, in order."""
    pending: list[int] = field(default_factory=list)
    hand_for_hand: bool = False
    waited: int = 0
    log: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    breaks: int = 0
    hfh_rounds: list[frozenset[int]] = field(default_factory=list)
    reached: bool = False
    """Whether a hand ever left the players at the bubble (one more than the places paid)."""
    first_rounds: int = 0
    """Hands that were running when the bubble came, dealt as ordinary hands and played as
    hand for hand's first round."""

    @property
    def seated(self) -> list[int]:
        return [u for t in self.tables.values() for u in t.seating.values()]

    def decision(self) -> Decision:
        return decide(
            list(self.tables.values()),
            [n for n in self.tables if n not in self.busy],
            players_left=len(self.seated) + len(self.pending),
            paid=self.paid,
            hand_for_hand_now=self.hand_for_hand,
            pending_out=len(self.pending),
            waited=self.waited,
            rng=self.rng,
        )

    def apply(self, move: Move) -> None:
        source = self.tables[move.from_table]
        self.tables[move.from_table] = source.without(move.user_id)
        self.tables[move.to_table] = self.tables[move.to_table].with_player(move.seat, move.user_id)

    def settle(self) -> None:
        """Ask the director until it only deals, applying each action; then deal."""
        for _ in range(100):
            d = self.decision()
            if d.place_round:
                self.placed.append(sorted(self.pending))
                self.pending = []
                continue
            if d.breaks is not None:
                for move in d.breaks.moves:
                    self.apply(move)
                del self.tables[d.breaks.table]
                self.breaks += 1
                continue
            if d.move is not None:
                shortest = min(t.count for t in self.tables.values())
                # a single big blind, unless it waited long enough or the short table is
                # heads-up or alone (never one there)
                assert d.move.big_blind_next or self.waited >= PATIENCE or shortest <= 2
                self.apply(d.move)
                self.moves.append(d.move)
                self.waited = 0
                continue
            self.hand_for_hand = d.hand_for_hand
            dealt = [n for n in sorted(d.deal) if self.tables[n].count >= 2]
            if d.hand_for_hand and dealt:
                assert set(dealt) == set(self.tables)  # every table deals the round at once
                self.hfh_rounds.append(frozenset(dealt))
            counts = [t.count for t in self.tables.values()]
            if max(counts) - min(counts) >= 2 and dealt:
                self.waited += 1
            for number in dealt:
                self.tables[number] = self.tables[number].after_hand()
                self.busy[number] = d.hand_for_hand
            return
        raise AssertionError("the director never settles")

    def end_hand(self, number: int) -> None:
        """The hand at table ``number`` ends: maybe some players go out (one keeps chips)."""
        dealt_hfh = self.busy.pop(number)
        table = self.tables[number]
        players = list(table.seating.values())
        out: list[int] = []
        if self.rng.random() < 0.45:
            out = self.rng.sample(players, self.rng.randint(1, min(2, len(players) - 1)))
        for user in out:
            self.tables[number] = self.tables[number].without(user)
        if dealt_hfh or self.hand_for_hand:
            self.pending.extend(out)
            return
        if out:
            self.placed.append(sorted(out))
        left = len(self.seated) + len(self.pending)
        if out and hand_for_hand(left, self.paid, len(self.tables)):
            # the store starts hand for hand in the transaction that reaches the bubble: the
            # hands running elsewhere are its first round
            self.reached = self.hand_for_hand = True
            for number in self.busy:
                self.busy[number] = True
                self.first_rounds += 1


def run(seed: int, preset: str) -> Sim:
    rng = random.Random(seed)
    field_ = list(range(100, 114))
    sim = Sim(
        rng,
        {t.number: t for t in first_seating(field_, rng)},
        paid_places(len(field_), preset),
    )
    sim.settle()
    for _ in range(2000):
        if len(sim.seated) + len(sim.pending) == 1 and not sim.busy:
            break
        if not sim.busy:
            sim.settle()
            assert sim.busy or len(sim.seated) == 1, ("deadlock", sim.tables)
            continue
        sim.end_hand(rng.choice(sorted(sim.busy)))
        seated = sim.seated
        assert len(seated) == len(set(seated))  # nobody seated twice
        gone = [u for group in sim.placed for u in group] + sim.pending
        assert sorted(seated + gone) == field_  # nobody lost
        if not sim.busy or sim.hand_for_hand is False:
            sim.settle()
    else:
        raise AssertionError("the tournament never ended")
    return sim


@pytest.mark.parametrize("seed", range(25))
def test_a_fourteen_player_tournament_breaks_balances_and_ends(seed: int) -> None:
    sim = run(seed, "standard")
    assert sim.breaks == 2  # three tables, then two, then the final table
    assert len(sim.tables) == 1
    assert sum(len(group) for group in sim.placed) == 13


@pytest.mark.parametrize("seed", range(25))
def test_with_six_paid_the_bubble_is_dealt_hand_for_hand(seed: int) -> None:
    """Flat payouts pay six of fourteen: at seven players (two tables) the tables deal hand
    for hand until the bubble bursts; everyone out in one round is placed in one group."""
    sim = run(seed, "flat")
    # hand for hand whenever the bubble is reached (only two out in one hand at one table
    # pass it without): its rounds dealt at once, or its first round the hands then running
    assert sim.reached == bool(sim.hfh_rounds or sim.first_rounds)
    assert all(len(r) == 2 for r in sim.hfh_rounds)  # two tables at the bubble
    # a round's players out were placed together, at the bubble
    together = [g for g in sim.placed if len(g) >= 2]
    assert all(len(g) <= 2 for g in together)


def test_almost_every_flat_tournament_reaches_the_bubble_hand_for_hand() -> None:
    runs = [run(seed, "flat") for seed in range(25)]
    assert sum(1 for sim in runs if sim.reached) >= 15  # (the sim often puts two out at once)
    assert sum(1 for sim in runs if sim.first_rounds) >= 5  # a hand running at the bubble


def test_balancing_moves_happen_over_many_tournaments() -> None:
    moved = sum(len(run(seed, "standard").moves) for seed in range(25))
    assert moved > 0


def test_a_table_due_to_break_deals_no_new_hand() -> None:
    rng = random.Random(1)
    one = Table(1, {0: 1, 1: 2, 2: 3, 3: 4}, 0)
    two = Table(2, {0: 11, 2: 12}, 0)
    three = Table(3, {1: 21, 3: 22, 5: 23}, 1)
    d = decide(
        [one, two, three],
        idle=[1, 3],
        players_left=9,
        paid=3,
        hand_for_hand_now=False,
        pending_out=0,
        waited=0,
        rng=rng,
    )
    assert not d.acts and d.deal == frozenset({1, 3})  # table 2 (to break) still plays its hand
    d = decide(
        [one, two, three],
        idle=[2],
        players_left=9,
        paid=3,
        hand_for_hand_now=False,
        pending_out=0,
        waited=0,
        rng=rng,
    )
    assert d.breaks is not None and d.breaks.table == 2


# ---------------------------------------------------------------------- the bubble, named

FOUR = Table(1, {0: 1, 1: 2, 2: 3, 3: 4}, 0)
THREE = Table(2, {0: 11, 2: 12, 4: 13}, 0)


def bubble(idle: list[int], *, now: bool, pending: int = 0, left: int = 7) -> Decision:
    return decide(
        [FOUR, THREE],
        idle,
        players_left=left,
        paid=6,
        hand_for_hand_now=now,
        pending_out=pending,
        waited=0,
        rng=random.Random(0),
    )


def test_the_table_that_reached_the_bubble_waits_for_the_hand_still_running() -> None:
    """Table 1's hand left seven players while table 2's was running: the store began hand
    for hand then; table 1 deals nothing until table 2's hand (the first round) is over."""
    d = bubble([1], now=True)
    assert d.hand_for_hand and not d.acts and d.deal == frozenset()


def test_the_running_hands_players_out_are_placed_as_the_first_round() -> None:
    """Table 2's hand, running at the bubble, put a player out: once every table is between
    hands the round is placed (together with any other table's), before anything is dealt."""
    d = bubble([1, 2], now=True, pending=1)
    assert d.place_round and d.hand_for_hand and d.deal == frozenset()
    # placed: six left, in the money; both tables deal again, no longer hand for hand
    d = bubble([1, 2], now=True, left=6)
    assert not d.acts and not d.hand_for_hand and d.deal == frozenset({1, 2})


def test_a_first_round_nobody_went_out_in_is_followed_by_one_dealt_at_once() -> None:
    d = bubble([1, 2], now=True)
    assert not d.acts and d.hand_for_hand and d.deal == frozenset({1, 2})
    # and a table whose hand-for-hand hand is over waits for the other's
    assert bubble([2], now=True).deal == frozenset()


def test_the_director_begins_hand_for_hand_when_the_store_did_not() -> None:
    """(A tournament whose bubble came before the store began hand for hand itself.) At the
    bubble with a hand running, the director says hand for hand and deals nothing: the run
    writes it, and the running hand is the first round."""
    d = bubble([1], now=False)
    assert d.hand_for_hand and d.deal == frozenset()


def test_eight_left_is_no_bubble_yet() -> None:
    d = bubble([1], now=False, left=8)
    assert not d.hand_for_hand and d.deal == frozenset({1})
