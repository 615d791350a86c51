"""The replayer's step view read as a player reads it: a replayed step looks like the table
did (the live seat view's lines: seats in table order with Ⓓ (SB) (BB), stacks, bets, draws,
folded and all-in; the round and the pot; the log so far), the street buttons go where they
say, and a viewer who did not play reads no card that was not shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.replay import Replay, replay_steps
from bot.features.replay.viewer import STEP_ID, LoadedReplay
from bot.messages import set_reader
from bot.table.render.common import card_label
from bot.table.render.replay import step_embed, step_view, street_button_id
from tests.engine._helpers import NINE_SEVEN, NUMBER_ONE, deck_from
from tests.engine._helpers import play as play_ids

CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]\ufe0f")
MEMBER = 10**17
"""Members' ids (small ids are the house's players, marked 🤖)."""
ALICE, BOB, CAROL = MEMBER + 1, MEMBER + 2, MEMBER + 3


def play(hand: Hand, script: str) -> None:
    """``tests.engine._helpers.play`` with 1, 2, 3 read as Alice, Bob, Carol."""
    play_ids(hand, re.sub(r"(?:^|(?<=;))\s*([123]) ", lambda m: f" {MEMBER + int(m[1])} ", script))


@pytest.fixture(autouse=True)
def english() -> None:
    set_reader("en")


def three_handed() -> Hand:
    """Seats 0, 3, 5 with the button on seat 3: Carol (seat 6 shown) posts the small blind,
    Alice (seat 1) the big blind; Alice folds, Carol draws one then stands pat, Bob is pat
    throughout, and they show down."""
    people = [
        SeatedPlayer(ALICE, "Alice", 200, 0),
        SeatedPlayer(BOB, "Bob", 200, 3),
        SeatedPlayer(CAROL, "Carol", 200, 5),
    ]
    deck = deck_from(["KsKdKcQhQs", NINE_SEVEN, NUMBER_ONE])
    hand = Hand.start(people, 3, Stakes(10), deck=deck, hand_id=9)
    play(hand, "2 raise; 3 call; 1 fold")
    play(hand, "3 draw Ks; 2 pat; 3 check; 2 bet; 3 call")
    play(hand, "3 pat; 2 pat; 3 check; 2 check; 3 pat; 2 pat; 3 check; 2 check")
    assert hand.is_complete
    return hand


def loaded(replay: Replay) -> LoadedReplay:
    return LoadedReplay(replay, False, False, True, 20, replay.played)


def text_of(replay: Replay, number: int) -> str:
    embed = step_embed(loaded(replay), replay.steps[number])
    return f"{embed.title}\n{embed.description}"


def buttons(replay: Replay, number: int) -> list[dict[str, Any]]:
    return [
        component
        for row in step_view(replay, number).to_components()
        for component in row["components"]
    ]


def test_a_replayed_step_shows_the_seats_in_table_order_with_markers_pot_and_draws() -> None:
    replay = replay_steps(three_handed(), CAROL)
    first_draw = replay.street_start(1)
    assert first_draw is not None
    text = text_of(replay, first_draw)
    seats = [line for line in text.splitlines() if line.startswith("`")]
    assert seats == [
        "`1` (BB) **Alice** · 190 · folded",
        "`4` Ⓓ **Bob** · 180 · **to draw**",  # the next step is his
        "`6` (SB) **Carol** · 180 · drew 1",
    ]
    assert "Draw 1 of 3 · Pot 50" in text
    assert "Pre-draw: Bob raises to 20 · Carol calls 15 · Alice folds" in text
    assert "**Draw 1**\nCarol draws 1" in text
    assert re.search(r"You threw K♠️ and got \S+", text)
    assert "in front" not in text
    # the deal: the blinds' bets in the round, the log's first round in full
    deal = text_of(replay, 0)
    assert "`1` (BB) **Alice** · 190 · bet 10" in deal
    assert "`4` Ⓓ **Bob** · 200 · **to act**" in deal
    assert "`6` (SB) **Carol** · 195 · bet 5" in deal
    assert "Pre-draw betting · Pot 15" in deal
    # after draw 1: Bob bets 10, Carol calls; each later street shows the draws so far
    third = replay.street_start(3)
    assert third is not None
    later = text_of(replay, third)
    assert "`6` (SB) **Carol** · 170 · drew 1 · pat" in later
    assert "Draw 3 of 3 · Pot 70" in later
    assert "After draw 1: Carol checks · Bob bets 10 · Carol calls 10" in later
    last = text_of(replay, len(replay.steps) - 1)
    assert "Hand complete · Pot 0" in last and "**Showdown**" in last
    assert "to act" not in last and "to draw" not in last


def test_an_all_in_blind_reads_all_in() -> None:
    people = [SeatedPlayer(ALICE, "Alice", 10, 0), SeatedPlayer(BOB, "Bob", 200, 1)]
    hand = Hand.start(people, 1, Stakes(10), deck=deck_from([NUMBER_ONE, NINE_SEVEN]), hand_id=4)
    replay = replay_steps(hand, None)
    # heads-up the button (Bob) posts the small blind; Alice's big blind is all she has
    assert "`1` (BB) **Alice** · 0 · bet 10 · all-in" in text_of(replay, 0)
    assert "`2` Ⓓ (SB) **Bob** · 195 · bet 5" in text_of(replay, 0)


def test_street_buttons_go_to_each_streets_first_step_and_a_street_never_reached_is_off() -> None:
    replay = replay_steps(three_handed(), None)
    first_draw = replay.street_start(1)
    assert first_draw is not None
    shown = buttons(replay, first_draw)
    assert [b["label"] for b in shown] == [
        "⏮",
        "◀",
        "▶",
        "⏭",
        "Pre-draw",
        "Draw 1",
        "Draw 2",
        "Draw 3",
        "Showdown",
    ]
    streets = shown[4:]
    assert [b["custom_id"] for b in streets] == [street_button_id(9, k) for k in range(5)]
    assert [b["style"] for b in streets] == [2, 1, 2, 2, 2]  # the step's street is blurple
    assert not any(b["disabled"] for b in streets)
    for k, button in enumerate(streets):
        match = STEP_ID.fullmatch(button["custom_id"])
        assert match is not None and match["street"] == str(k) and match["step"] is None
    ids = [b["custom_id"] for b in shown]
    assert len(set(ids)) == len(ids)
    # A hand won before the draw reached no draw and no showdown.
    people = [SeatedPlayer(ALICE, "Alice", 200, 0), SeatedPlayer(BOB, "Bob", 200, 1)]
    short = Hand.start(people, 1, Stakes(10), deck=deck_from([NUMBER_ONE, NINE_SEVEN]))
    play(short, "2 fold")
    quick = replay_steps(short, None)
    off = [b["disabled"] for b in buttons(quick, len(quick.steps) - 1)[4:]]
    assert off == [False, True, True, True, True]


def test_a_viewer_who_did_not_play_reads_only_shown_cards_at_every_step() -> None:
    hand = three_handed()
    watcher = replay_steps(hand, None)
    shown = {card_label(c) for s in watcher.steps[-1].seats for c in s.shown}
    assert shown  # Carol showed at the showdown
    for number in range(len(watcher.steps)):
        text = text_of(watcher, number)
        assert set(CARD.findall(text)) <= shown, text
        assert "You threw" not in text and "not dealt in" in text
    # Carol, who played, reads her own cards; Alice's folded hand never appears to her.
    alice = {card_label(c) for c in deck_from(["KsKdKcQhQs", NINE_SEVEN, NUMBER_ONE])[1:15:3]}
    carol = replay_steps(hand, CAROL)
    for number in range(len(carol.steps)):
        assert not set(CARD.findall(text_of(carol, number))) & alice
