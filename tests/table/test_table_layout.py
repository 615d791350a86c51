"""The channel's table and a hand's result as Components V2 messages (issue 35): one container
holding the heading, the sections under their bold headings and the buttons, within
Discord's 40 components and 4,000 characters in the worst case, and never a hidden card."""

from __future__ import annotations

import random

from bot.engine import Hand, Phase, SeatedPlayer, Stakes
from bot.messages import speaking
from bot.table.render import result_layout, table_layout
from bot.table.render.common import card_label
from bot.table.snapshot import (
    TableSnapshot,
    TournamentLine,
    TournamentNews,
    result_snapshot,
    table_snapshot,
)
from bot.ui.layout import (
    ACTION_ROW,
    CONTAINER,
    MAX_COMPONENTS,
    MAX_TEXT,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    count_components,
    text_length,
)
from tests.table._helpers import seat_row
from tests.table._layouts import as_json, buttons, heading, headings, read, section

PLAYERS = tuple(range(1001, 1007))
LONG_NAMES = {p: ("*_~`|" * 7)[:31] + str(i) for i, p in enumerate(PLAYERS)}
"""Six 32-character names made only of markdown (each doubles once escaped)."""
BIG = 10**9


def aggressive(hand: Hand) -> None:
    """Raise while the cap allows, else call: the longest log a betting round can have."""
    player = hand.to_act
    assert player is not None
    try:
        hand.bet_or_raise(player)
    except Exception:
        hand.check_or_call(player)


def long_hand() -> Hand:
    """Six players with long names, every round capped, at the last betting round with a bet
    to face (every betting button shown)."""
    players = [SeatedPlayer(p, LONG_NAMES[p], BIG, i) for i, p in enumerate(PLAYERS)]
    hand = Hand.start(players, 0, Stakes(10**6), rng=random.Random(5), hand_id=987_654_321)
    while not (hand.phase is Phase.BETTING and hand.draw_round == 3):
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, list(hand.private_view(player).cards[:3]))
        else:
            aggressive(hand)
    aggressive(hand)  # a bet to face: Fold, Call, Raise and My cards
    return hand


def tournament() -> TournamentLine:
    return TournamentLine(
        tournament_id=123_456,
        level=12,
        limits="1,000,000/2,000,000",
        next_limits="1,500,000/3,000,000",
        level_ends_at=None,
        hands_left=3,
        players_left=6,
        entrants=9,
        average_stack=BIG,
        news=(
            *(
                TournamentNews("out", name=LONG_NAMES[p], place=7 + i, prize=BIG)
                for i, p in enumerate(PLAYERS[:3])
            ),
            TournamentNews("level", level=12, limits="1,000,000/2,000,000"),
        ),
    )


def snapshot_of(hand: Hand, **extra: object) -> TableSnapshot:
    seats = [seat_row(i, p, LONG_NAMES[p], BIG) for i, p in enumerate(PLAYERS)]
    return table_snapshot(
        table_id=2**40,
        settings=None,
        seats=seats,
        hand=hand,
        last_hand=None,
        leaving=PLAYERS[:2],
        deadline=1_800_000_000.0,
        next_hand_at=None,
        closing=True,
        closed=False,
        bank=True,
        topped_up=tuple((LONG_NAMES[p], BIG) for p in PLAYERS),
        **extra,  # type: ignore[arg-type]
    )


def test_the_worst_table_fits_in_one_v2_message_in_every_language() -> None:
    """Six seats of 32-character names, every round capped, the betting buttons, a
    tournament with its news, the table closing: within 40 components and 4,000 characters,
    the newest action still in the log."""
    hand = long_hand()
    snapshot = snapshot_of(hand, tournament=tournament())
    for language in ("en", "hu", "ru", "sv", "id"):
        with speaking(language):
            layout = table_layout(snapshot)
        components = layout.to_components()
        assert count_components(components) <= MAX_COMPONENTS, language
        assert text_length(components) <= MAX_TEXT, language
        assert len(buttons(layout)) == 4, language
    with speaking("en"):
        layout = table_layout(snapshot)
    log = section(layout, "Hand log") or ""
    assert log.startswith("…\n")  # the oldest lines went, the newest stayed
    assert log.endswith("*1 bets 2,000,000"), log
    assert text_length(layout.to_components()) > 3000  # the log has the room the rest leaves


def test_the_table_is_one_container_heading_sections_and_buttons() -> None:
    """A heading with the stakes, game and hand, then Sit-and-go, Seats, Round, Pot, Turn and
    Hand log in that order under bold headings, the buttons in rows inside the same box."""
    hand = long_hand()
    with speaking("en"):
        layout = table_layout(snapshot_of(hand, tournament=tournament()))
    components = layout.to_components()
    assert [c["type"] for c in components] == [CONTAINER]
    box = components[0]
    assert box["accent_color"] == 0x1F8B4C
    children = box["components"]
    assert children[0]["type"] == TEXT_DISPLAY
    assert heading(layout) == "2-7 Triple Draw · 1,000,000/2,000,000 · hand #987654321"
    assert children[0]["content"].splitlines()[1].startswith("Blinds 500,000/1,000,000")
    assert headings(layout) == [
        "Sit-and-go #123456",
        "Seats",
        "Round",
        "Pot",
        "Turn",
        "Hand log",
    ]
    assert [c["type"] for c in children[-1:]] == [ACTION_ROW]
    labels = [b["label"] for b in buttons(layout)]
    assert labels[0] == "Fold" and labels[-1] == "My cards"
    assert (section(layout, "Round") or "") == "Betting after draw 3"
    assert "time bank" in (section(layout, "Turn") or "")


def test_no_hidden_card_is_in_the_table() -> None:
    hand = long_hand()
    with speaking("en"):
        text = as_json(table_layout(snapshot_of(hand)))
    for player in PLAYERS:
        for card in hand.private_view(player).cards:
            assert card_label(card) not in text


def test_the_result_shows_its_picture_inside_its_box_under_the_shown_hands() -> None:
    """Pictures on: a media gallery of the attachment inside the result's container, under the
    shown hands (still written out); pictures off: no gallery, the same text."""
    hand = long_hand()
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        hand.check_or_call(player)
    result = result_snapshot(hand, hand.hand_id, dict(LONG_NAMES))
    with speaking("en"):
        pictured = result_layout(result, "attachment://showdown.png", "six hands")
        plain = result_layout(result)
    box = pictured.to_components()[0]
    assert box["type"] == CONTAINER
    kinds = [c["type"] for c in box["components"]]
    gallery_at = kinds.index(MEDIA_GALLERY)
    assert box["components"][gallery_at - 1]["content"].startswith("**Shown hands**")
    assert box["components"][gallery_at]["items"] == [
        {"media": {"url": "attachment://showdown.png"}, "description": "six hands"}
    ]
    assert MEDIA_GALLERY not in [c["type"] for c in plain.to_components()[0]["components"]]
    assert read(pictured).texts == read(plain).texts
    assert heading(plain) == "Hand #987654321 result"
    assert read(plain).custom_ids == ["deuce:rp:987654321"]
    for layout in (pictured, plain):
        components = layout.to_components()
        assert count_components(components) <= MAX_COMPONENTS
        assert text_length(components) <= MAX_TEXT
