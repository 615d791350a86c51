"""The fair-play detector on a simulated server: colluding pairs (two dumpers and their
receivers, two soft players, a three-day-old funnel account and its main) among honest house
players (one of them a two-day-old newcomer), a few thousand hands through the engine. At the
default threshold every colluding pair is flagged and no honest pair is (precision and recall
1.0 on this seed: 4 of 4 pairs flagged, nothing else; the best honest pair scores 5.0);
the colluders rank above every honest pair. (The analysis's speed over 100,000 hands:
``python bench/bench_fairplay.py``.)"""

from __future__ import annotations

import dataclasses
import logging

import pytest

from bot.engine.hand import Hand
from bot.features.fairplay.analysis import young_members
from bot.features.fairplay.detect import (
    THRESHOLD,
    HandFacts,
    by_pair,
    facts_of,
    flagged,
    rank_pairs,
)
from tests.table.fairplay_sim import (
    CALLERS,
    COLLUDERS,
    FUNNEL,
    MAIN,
    NEWCOMER,
    NOW,
    SOFT,
    simulate,
)

log = logging.getLogger(__name__)

HANDS = 2000


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    """The simulated server's hands, played once for the module."""
    return simulate(HANDS)


def test_every_dumper_pair_is_flagged_and_no_honest_pair_is(hands: list[Hand]) -> None:
    facts = [facts_of(hand) for hand in hands]
    members = {pid for fact in facts for pid in fact.players}
    young = young_members(members, {}, NOW)
    assert young == {FUNNEL, NEWCOMER}
    ranked = rank_pairs(facts, young=young)
    found = flagged(ranked)
    colluding = {frozenset(pair) for pair in COLLUDERS.items()} | {
        frozenset(SOFT),
        frozenset((FUNNEL, MAIN)),
    }
    flagged_pairs = {frozenset((f.giver, f.taker)) for f in found}
    true_positives = flagged_pairs & colluding
    precision = len(true_positives) / len(flagged_pairs)
    recall = len(true_positives) / len(colluding)
    log.warning(
        "fair play at threshold %s: precision %.2f, recall %.2f", THRESHOLD, precision, recall
    )
    assert (precision, recall) == (1.0, 1.0)
    # The giver is the dumper, and the colluders come first, above the best honest pair.
    dumping = [f for f in found if frozenset((f.giver, f.taker)) != frozenset(SOFT)]
    assert {(f.giver, f.taker) for f in dumping} == {*COLLUDERS.items(), (FUNNEL, MAIN)}
    pairs = by_pair(ranked)
    assert {frozenset((f.giver, f.taker)) for f in pairs[:4]} == colluding
    assert pairs[4].score < THRESHOLD
    # The soft players moved (almost) no chips: their flag is their pots of two checked down.
    (quiet,) = [f for f in found if frozenset((f.giver, f.taker)) == frozenset(SOFT)]
    assert quiet.passive == quiet.heads_up > 0
    for flag in dumping:  # the hands behind each flag are hands the two played together
        assert flag.hands and flag.net_moved > 0
        for hand_id in flag.hands:
            players = {s.player_id for s in hands[hand_id - 1].public_view().seats}
            assert {flag.giver, flag.taker} <= players


def test_a_young_account_whose_losses_go_to_one_member_scores_for_it(
    hands: list[Hand],
) -> None:
    facts = [facts_of(hand) for hand in hands]
    old = {(f.giver, f.taker): f for f in rank_pairs(facts)}
    new = {(f.giver, f.taker): f for f in rank_pairs(facts, young={FUNNEL, NEWCOMER})}
    funnel, before = new[FUNNEL, MAIN], old[FUNNEL, MAIN]
    # Most of the funnel's net losses went to its main: its score rises by the share past half.
    assert funnel.funnel > 0.5 and before.funnel == 0
    assert funnel.score > before.score
    log.warning("funnel: share %.2f, score %.1f (%.1f)", funnel.funnel, funnel.score, before.score)
    # The honest newcomer lost to whoever held the better hand: no member took half of it.
    for (giver, _), flag in new.items():
        if giver == NEWCOMER:
            assert flag.funnel < 0.5 and flag.score < THRESHOLD
    # An old account's losses never count as a funnel, however they went.
    assert all(f.funnel == 0 for (giver, _), f in new.items() if giver not in (FUNNEL, NEWCOMER))


def test_a_hand_folded_to_a_bet_with_the_better_hand_is_counted(hands: list[Hand]) -> None:
    facts = [facts_of(hand) for hand in hands[:300]]
    dumper, receiver = next(iter(COLLUDERS.items()))
    folds = [f for f in facts if (dumper, receiver) in f.folds_better]
    assert folds
    # The chips each player won or lost, read from the log, are the engine's own result.
    for hand, fact in zip(hands, facts, strict=False):
        assert hand.result is not None and fact.net == hand.result.net


def test_a_pair_whose_caller_calls_down_with_hands_that_cannot_win_scores_for_it() -> None:
    """A caller who, once its partner is in, stands pat on what it was dealt and calls every
    bet to the end (a pair or worse, losing at the showdown: mucked, as a loser may) is seen
    calling hopelessly, against its partner only, and that alone scores past the threshold."""
    hands = simulate(600, seed=7, callers=CALLERS)
    facts = [facts_of(hand) for hand in hands]
    ((giver, taker),) = CALLERS.items()
    pairs = {(f.giver, f.taker): f for f in rank_pairs(facts)}
    flag = pairs[giver, taker]
    others = [f.hopeless_calls for key, f in pairs.items() if key != (giver, taker)]
    log.warning(
        "hopeless calls: the caller's %d to its partner (score %.1f); at most %d elsewhere",
        flag.hopeless_calls,
        flag.score,
        max(others),
    )
    assert flag.hopeless_calls >= 20 and max(others) <= 3
    assert (giver, taker) in {(f.giver, f.taker) for f in flagged(pairs.values())}
    # each counted call is a showdown the caller lost to its partner holding a pair or worse
    for fact in facts:
        if (giver, taker) in fact.hopeless_calls:
            assert fact.net[giver] < 0 < fact.net[taker]
    assert set(flag.hands) & {f.hand_id for f in facts if (giver, taker) in f.hopeless_calls}
    # the same hands with the calls left out: the pair's score falls by more than a flag's
    blind = [dataclasses.replace(fact, hopeless_calls=()) for fact in facts]
    without = next(f for f in rank_pairs(blind) if (f.giver, f.taker) == (giver, taker))
    assert without.hopeless_calls == 0 and flag.score - without.score >= THRESHOLD


def test_a_hands_facts_are_kept_as_compact_text_and_read_back_the_same(
    hands: list[Hand],
) -> None:
    facts = [facts_of(hand) for hand in hands]
    texts = [fact.to_text() for fact in facts]
    assert [
        HandFacts.from_text(f.hand_id, text) for f, text in zip(facts, texts, strict=True)
    ] == facts
    assert any(f.folds_better for f in facts) and any(f.passive for f in facts)
    assert max(len(text) for text in texts) < 200  # a compact row, not a journal
