"""The table embed, the private panel and the result, rendered from a real engine hand."""

from __future__ import annotations

import json
import random
from typing import Any

import discord
import pytest

from bot.engine import (
    ActionRecord,
    Card,
    Hand,
    Phase,
    RecordKind,
    SeatedPlayer,
    Stakes,
    parse_cards,
)
from bot.messages import speaking
from bot.store.models import SeatRow
from bot.table.buttons import FOLD_CONFIRMED
from bot.table.render import (
    EMBED_FIELD_MAX,
    EMBED_TOTAL_MAX,
    PanelPicture,
    card_label,
    cards_label,
    draws_text,
    fold_anyway_view,
    log_text,
    own_lines,
    panel_layout,
    panel_view,
    result_embed,
    seat_line,
    table_embed,
    table_view,
)
from bot.table.seating import HandNotes
from bot.table.snapshot import (
    LogEntry,
    LogRound,
    PanelSnapshot,
    SeatSnapshot,
    TableSnapshot,
    panel_snapshot,
    result_snapshot,
    table_snapshot,
)
from tests.discord_double.reading import read_layout
from tests.table._helpers import ALICE, BOB, CAROL, new_hand, seat_row

SUITS = "♣♦♥♠"


def snapshot_of(
    hand: Hand, *, seats: list[SeatRow] | None = None, deadline: float | None = None
) -> TableSnapshot:
    """The table snapshot of ``hand`` running at a table where Alice, Bob and Carol sit."""
    if seats is None:
        seats = [
            seat_row(0, ALICE, "Alice", 500),
            seat_row(1, BOB, "Bob", 500),
            seat_row(2, CAROL, "Carol", 500),
        ]
    return table_snapshot(
        table_id=1,
        settings=None,
        seats=seats,
        hand=hand,
        last_hand=None,
        leaving=(),
        deadline=deadline,
        next_hand_at=None,
        closing=False,
        closed=False,
    )


def buttons(view: discord.ui.View) -> list[dict[str, Any]]:
    """The view's buttons as Discord receives them."""
    return [c for row in view.to_components() for c in row["components"]]


def panel_texts(panel: PanelSnapshot) -> list[str]:
    """The panel's text displays in reading order (heading, seats, log, own lines, footer)."""
    return read_layout({"components": panel_layout(panel).to_components()}).texts


def panel_text(panel: PanelSnapshot) -> str:
    return "\n".join(panel_texts(panel))


def embed_text(embed: discord.Embed) -> str:
    return json.dumps(embed.to_dict(), ensure_ascii=False)


def call_round(hand: Hand) -> None:
    while hand.phase is Phase.BETTING:
        player = hand.to_act
        assert player is not None
        hand.check_or_call(player)


def draw_round(hand: Hand, counts: dict[int, int]) -> None:
    while hand.phase is Phase.DRAWING:
        player = hand.to_act
        assert player is not None
        cards = hand.private_view(player).cards
        hand.draw(player, list(cards[: counts[player]]))


def test_table_embed_shows_names_stacks_draws_and_no_card() -> None:
    hand = new_hand()
    call_round(hand)
    draw_round(hand, {ALICE: 2, BOB: 0, CAROL: 1})
    snapshot = snapshot_of(hand)
    embed = table_embed(snapshot)
    text = embed_text(embed)
    for name in ("Alice", "Bob", "Carol"):
        assert name in text
    seats = embed.fields[0].value or ""
    lines = {line.split("**")[1]: line for line in seats.splitlines()}
    assert "drew 2" in lines["Alice"]
    # what happened in order: the draw, then the turn it is now
    assert lines["Bob"].endswith(" · pat · **to act**") and "draws" not in lines["Bob"]
    assert "drew 1" in lines["Carol"]
    assert "490" in lines["Alice"]  # 500 minus the big blind called
    assert "Ⓓ" in lines["Alice"]
    assert "(SB)" in lines["Bob"] and "(BB)" in lines["Carol"]
    assert "Betting after draw 1" in text
    assert "30" in (embed.fields[2].value or "")
    for symbol in SUITS:
        assert symbol not in text
    for player in (ALICE, BOB, CAROL):
        for card in hand.private_view(player).cards:
            assert str(card) not in text.replace("\\", "")
    assert "<t:" not in text  # no deadline, no countdown
    assert len(embed) <= EMBED_TOTAL_MAX


def test_table_buttons_show_amounts_and_carry_the_position() -> None:
    hand = new_hand()
    snapshot = snapshot_of(hand)
    view = table_view(snapshot)
    assert view is not None
    labels = {b["custom_id"].rsplit(":", 1)[1]: b["label"] for b in buttons(view)}
    assert labels["fold"] == "Fold"
    assert labels["call"] == "Call 10"
    assert labels["raise"] == "Raise to 20"
    assert labels["cards"] == "My cards"
    for button in buttons(view):
        assert button["custom_id"].startswith(f"deuce:t:1:77:{snapshot.action_number}:")


def test_turn_shows_countdown_and_names_draw_counts_after_three_draws() -> None:
    hand = new_hand(3)
    for counts in ({ALICE: 1, BOB: 2, CAROL: 0}, {ALICE: 0, BOB: 1, CAROL: 3}):
        call_round(hand)
        draw_round(hand, counts)
    embed = table_embed(snapshot_of(hand, deadline=1_800_000_000.0))
    text = embed_text(embed)
    assert "<t:1800000000:R>" in text
    seats = embed.fields[0].value or ""
    assert "drew 1 · pat" in seats
    assert "drew 2 · drew 1" in seats
    assert "pat · drew 3" in seats


def test_result_shows_only_cards_actually_shown() -> None:
    hand = new_hand(11)
    # Bob folds before the draw; his five cards must never be printed.
    bob_cards = list(hand.private_view(BOB).cards)
    while hand.phase is Phase.BETTING:
        player = hand.to_act
        assert player is not None
        if player == BOB:
            hand.fold(player)
        else:
            hand.check_or_call(player)
    for _ in range(3):
        draw_round(hand, {ALICE: 0, CAROL: 0, BOB: 0})
        call_round(hand)
    assert hand.is_complete
    names = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}
    result = hand.result
    assert result is not None
    embed = result_embed(result_snapshot(hand, hand.hand_id, names))
    text = embed_text(embed)
    for player, cards in result.shown_hands.items():
        assert names[player] in text
        assert all(card_label(c) in text for c in cards)
    for card in bob_cards:
        assert card_label(card) not in text
    for player in result.mucked:
        for card in hand.private_view(player).cards:
            assert card_label(card) not in text
    assert "wins" in text


def test_private_panel_marks_cards_and_offers_draw_n() -> None:
    cards = tuple(Card(i) for i in (0, 13, 26, 39, 51))
    panel = PanelSnapshot(
        table_id=1,
        hand_id=9,
        player_id=ALICE,
        cards=cards,
        marked=frozenset({cards[1], cards[4]}),
        target_draw=2,
        my_turn_to_draw=True,
        can_prefold=True,
    )
    assert "ace-jack low" in panel_text(panel)
    view = panel_view(panel)
    assert view is not None
    found = buttons(view)
    card_buttons = [b for b in found if b["custom_id"].startswith("deuce:c:")]
    # shown highest first; each button keeps the index of its card in the hand
    assert [b["custom_id"] for b in card_buttons] == [f"deuce:c:1:9:2:{i}" for i in (4, 3, 2, 1, 0)]
    by_index = {int(b["custom_id"].rsplit(":", 1)[1]): b for b in card_buttons}
    assert by_index[1]["label"] == "✕ " + card_label(cards[1])
    assert by_index[1]["style"] == discord.ButtonStyle.danger.value
    assert by_index[0]["style"] == discord.ButtonStyle.secondary.value
    labels = [b["label"] for b in found]
    assert "Draw 2" in labels and "Stand pat" in labels


def test_panel_without_draws_left_has_disabled_cards_and_no_draw_button() -> None:
    cards = tuple(Card(i) for i in (0, 5, 10, 15, 20))
    panel = PanelSnapshot(1, 9, ALICE, cards, "eight-six low", target_draw=None)
    view = panel_view(panel)
    assert view is not None
    assert all(b.get("disabled") for b in buttons(view))
    assert not any("Draw" in b["label"] for b in buttons(view))
    assert panel_view(PanelSnapshot(1, 9, ALICE, cards, "x", complete=True)) is None


def test_a_panel_never_offers_draw_0_and_says_check_or_fold() -> None:
    cards = tuple(Card(i) for i in (0, 5, 10, 15, 20))
    panel = PanelSnapshot(1, 9, ALICE, cards, "eight-six low", target_draw=1, can_prefold=True)
    labels = [b["label"] for b in buttons(panel_view(panel))]
    assert "Stand pat" in labels and "Check/Fold" in labels
    assert not any(label.startswith("Draw") for label in labels)


def test_a_finished_hands_panel_says_what_it_won_or_cost() -> None:
    cards = tuple(Card(i) for i in (0, 5, 10, 15, 20))
    won = PanelSnapshot(1, 9, ALICE, cards, "eight-six low", complete=True, won=45, net=35)
    lost = PanelSnapshot(1, 9, ALICE, cards, "eight-six low", folded=True, complete=True, net=-10)
    even = PanelSnapshot(1, 9, ALICE, cards, "eight-six low", complete=True, can_show=True, net=0)
    texts = [panel_text(p) for p in (won, lost, even)]
    assert "This hand is over." in texts[0] and "You won 45 chips" in texts[0]
    assert "(net +35)" in texts[0]
    assert cards_label(cards) in texts[1]  # a folded hand keeps its cards
    assert "You folded this hand." in texts[1] and "cost you 10 chips" in texts[1]
    assert "finished this hand even" in texts[2] and "you may still show it" in texts[2]
    assert panel_view(won) is None and panel_view(lost) is None
    shown = panel_view(even)
    assert shown is not None and [b["label"] for b in buttons(shown)] == ["Show my hand"]


def test_long_names_and_markdown_stay_within_limits() -> None:
    seats = tuple(
        SeatSnapshot(seat=i, player_id=i, name="**@everyone**" + "W" * 200, stack=10**9)
        for i in range(6)
    )
    snapshot = TableSnapshot(
        table_id=1,
        small_bet=10**6,
        small_blind=5 * 10**5,
        cap=4,
        seats=seats,
        log=tuple(
            LogRound(
                "betting",
                n,
                tuple(
                    LogEntry(ActionRecord(RecordKind.BET, 1, 10**9, None, ""), "x" * 500)
                    for _ in range(20)
                ),
            )
            for n in range(4)
        ),
    )
    embed = table_embed(snapshot)
    assert all(len(f.value or "") <= EMBED_FIELD_MAX for f in embed.fields)
    assert len(embed) <= EMBED_TOTAL_MAX
    assert "@everyone" not in embed_text(embed).replace("@\u200beveryone", "")


def test_draws_text() -> None:
    assert draws_text([2, 0, 1]) == "drew 2 · pat · drew 1"
    assert draws_text([]) == ""


def test_action_log_escapes_markdown_in_names() -> None:
    players = [SeatedPlayer(ALICE, "**Mallory**", 500, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    hand = Hand.start(players, 0, Stakes(10), rng=random.Random(1), hand_id=3)
    assert hand.to_act is not None
    hand.check_or_call(hand.to_act)
    seats = [seat_row(0, ALICE, "**Mallory**", 500), seat_row(1, BOB, "Bob", 500)]
    embed = table_embed(snapshot_of(hand, seats=seats))
    for item in embed.fields:
        assert "**Mallory**" not in (item.value or "")


def test_the_fold_anyway_question_carries_the_position_it_was_asked_at() -> None:
    view = fold_anyway_view(1, 77, 12)
    ids = [b["custom_id"] for b in buttons(view)]
    assert ids == [f"deuce:t:1:77:12:{FOLD_CONFIRMED}", "deuce:t:1:77:12:call"]
    assert [b["label"] for b in buttons(view)] == ["Fold anyway", "Check"]


def test_a_shown_hand_in_the_log_reads_as_cards_highest_first_in_each_language() -> None:
    cards = tuple(parse_cards("2s 3h 4c 5d 7s"))
    entry = LogEntry(ActionRecord(RecordKind.SHOW, 1, 1, None, "", shown=cards), "Alice")
    labels = "7\u2660\ufe0f 5\u2666\ufe0f 4\u2663\ufe0f 3\u2665\ufe0f 2\u2660\ufe0f"
    assert log_text(entry) == f"Alice shows {labels} (number one)"
    with speaking("sv-SE"):
        swedish = log_text(entry)
    assert swedish.startswith("Alice ") and labels in swedish and "shows" not in swedish
    raise_ = ActionRecord(RecordKind.RAISE, 1, 12000, None, "", all_in=True, timed_out=True)
    assert log_text(LogEntry(raise_, "Bo")) == "Bo raises to 12,000 and is all-in (time ran out)"
    with speaking("sv"):
        assert "12\xa0000" in log_text(LogEntry(raise_, "Bo"))


def test_a_seat_line_is_written_in_each_readers_language() -> None:
    """Seat lines are kept once written, per seat state and language: a reader of another
    language gets their own."""
    seat = SeatSnapshot(0, ALICE, "Alice", 1200, bet=40, in_hand=True, to_act=True, draws=(2,))
    english = seat_line(seat)
    with speaking("sv"):
        swedish = seat_line(seat)
    assert "1,200" in english and "1\xa0200" in swedish and english != swedish
    assert seat_line(seat) == english
    assert seat_line(SeatSnapshot(0, ALICE, "Alice", 1160, in_hand=True)) != english


def test_names_cannot_reorder_the_seat_line_or_the_log() -> None:
    """Bidirectional controls in a display name (right-to-left override, isolates, marks)
    would flip the stack and bet shown after it; every text line shows the name without
    them."""
    controls = "\u202e\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
    name = f"Mal\u202elory{controls}"
    hand = new_hand()
    seats = [
        seat_row(0, ALICE, name, 500),
        seat_row(1, BOB, "Bob", 500),
        seat_row(2, CAROL, "Carol", 500),
    ]
    snapshot = snapshot_of(hand, seats=seats)
    text = embed_text(table_embed(snapshot))
    assert "Mallory" in text
    assert not any(c in text for c in controls)
    call_round(hand)
    assert not any(
        c in log_text(entry)
        for part in snapshot_of(hand, seats=seats).log
        for entry in part.entries
        for c in controls
    )


def test_card_buttons_say_their_card_in_text_beside_the_face(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a button's size a card-face emoji's rank is about 6 pixels tall: each discard button
    also says its card ("10♠"), in every card style, marked or not."""
    from bot.table.render import panel as panel_render

    cards = tuple(Card(i) for i in (0, 13, 26, 34, 51))
    face = discord.PartialEmoji(name="deuce_face", id=1)
    for style, emoji in (("two-colour", face), ("four-colour", face), ("text", None)):
        monkeypatch.setattr(panel_render, "card_emoji", lambda card, e=emoji: e)
        panel = PanelSnapshot(
            1, 9, ALICE, cards, marked=frozenset({cards[3]}), target_draw=1, card_style=style
        )
        view = panel_view(panel)
        assert view is not None
        by_index = {
            int(b["custom_id"].rsplit(":", 1)[1]): b
            for b in buttons(view)
            if b["custom_id"].startswith("deuce:c:")
        }
        assert by_index[3]["label"] == "✕ " + card_label(cards[3]) == "✕ 10♥️"
        assert by_index[0]["label"] == card_label(cards[0])
        assert ("emoji" in by_index[0]) is (emoji is not None), style


def test_fold_in_turn_is_offered_only_while_betting() -> None:
    """During the draws "Fold in turn" would mean nothing beside Stand pat."""
    hand = new_hand()
    call_round(hand)
    assert hand.phase is Phase.DRAWING
    waiting = next(p for p in hand.player_ids if p != hand.to_act)
    drawing = panel_snapshot(1, hand, waiting, HandNotes(), snapshot_of(hand), "text")
    assert not drawing.can_prefold
    view = panel_view(drawing)
    assert view is not None
    assert not any(b["custom_id"].startswith("deuce:f:") for b in buttons(view))
    draw_round(hand, dict.fromkeys(hand.player_ids, 0))
    waiting = next(p for p in hand.player_ids if p != hand.to_act)
    betting = panel_snapshot(1, hand, waiting, HandNotes(), snapshot_of(hand), "text")
    assert betting.can_prefold


def test_the_turn_field_says_waiting_only_when_too_few_can_play() -> None:
    """A hand just over with three players seated is not "waiting for players"; a table with
    nobody seated never says when its next hand comes."""
    hand = new_hand()
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        hand.fold(player)
    over = table_embed(snapshot_of(hand))
    assert "Waiting for players" not in embed_text(over)
    empty = table_snapshot(
        table_id=1,
        settings=None,
        seats=[],
        hand=None,
        last_hand=hand,
        leaving=(),
        deadline=None,
        next_hand_at=2_000_000_000.0,
        closing=False,
        closed=False,
    )
    text = embed_text(table_embed(empty))
    assert "Waiting for players" in text and "Next hand" not in text


def test_the_log_shows_the_whole_hand_round_by_round() -> None:
    """Issue 35 point 3: by the second draw the pre-draw raise is still in the table's log,
    each earlier round in one line and the round being played in full under its name."""
    hand = new_hand()
    hand.bet_or_raise(ALICE)  # Alice raises to 20
    call_round(hand)
    draw_round(hand, {ALICE: 2, BOB: 0, CAROL: 1})
    call_round(hand)
    assert hand.phase is Phase.DRAWING and hand.draw_round == 2
    hand.draw(BOB, list(hand.private_view(BOB).cards[:1]))
    embed = table_embed(snapshot_of(hand))
    log = next(f.value for f in embed.fields if f.name == "Hand log")
    assert log == (
        "Pre-draw: Alice raises to 20 · Bob calls 15 · Carol calls 10\n"
        "Draw 1: Bob stands pat · Carol draws 1 · Alice draws 2\n"
        "After draw 1: Bob checks · Carol checks · Alice checks\n"
        "**Draw 2**\n"
        "Bob draws 1"
    )


def test_a_long_log_keeps_its_newest_lines_within_the_field() -> None:
    """Many rounds of long names: the oldest lines go first, the latest action stays."""
    long = "W" * 32
    seats = [
        seat_row(0, ALICE, long + "a", 500),
        seat_row(1, BOB, long + "b", 500),
        seat_row(2, CAROL, long + "c", 500),
    ]
    hand = new_hand()
    for _ in range(3):
        call_round(hand)
        draw_round(hand, {ALICE: 1, BOB: 1, CAROL: 1})
    call_round(hand)
    with speaking("ru"):
        embed = table_embed(snapshot_of(hand, seats=seats))
    assert all(len(f.value or "") <= EMBED_FIELD_MAX for f in embed.fields)
    assert len(embed) <= EMBED_TOTAL_MAX


def test_seat_lines_say_what_happened_in_order_and_to_draw_during_a_draw() -> None:
    """Issue 35 point 6: a seat lists its draws, then its fold; the player to draw is "to
    draw" on the seat line as in the Turn field and every panel, never "to act"."""
    hand = new_hand()
    call_round(hand)
    draw_round(hand, {ALICE: 2, BOB: 0, CAROL: 1})
    hand.check_or_call(BOB)
    hand.bet_or_raise(CAROL)
    hand.fold(ALICE)
    hand.check_or_call(BOB)
    assert hand.phase is Phase.DRAWING and hand.to_act == BOB
    snapshot = snapshot_of(hand, deadline=1_800_000_000.0)
    seats = table_embed(snapshot).fields[0].value or ""
    lines = {line.split("**")[1]: line for line in seats.splitlines()}
    assert lines["Alice"].endswith("· 490 · drew 2 · folded")
    assert lines["Bob"].endswith("· 480 · pat · **to draw**")
    assert "to act" not in seats
    panel = panel_snapshot(1, hand, CAROL, HandNotes(), snapshot)
    text = panel_text(panel)
    assert "Bob to draw · time runs out <t:1800000000:R>" in text
    assert "to act" not in text


def test_a_panel_shows_the_whole_table_the_log_and_what_the_player_owes() -> None:
    """Issue 35 point 2: on a betting turn after the first draw the panel shows every seat
    with its stack and draws, the round and the pot, the whole log, then the player's own
    cards with the amount to call, their stack and their time bank."""
    hand = new_hand()
    call_round(hand)
    draw_round(hand, {ALICE: 2, BOB: 0, CAROL: 3})
    hand.bet_or_raise(BOB)  # Bob bets 10: Carol to call it
    snapshot = snapshot_of(hand, deadline=1_800_000_000.0)
    panel = panel_snapshot(1, hand, CAROL, HandNotes(), snapshot, bank_left=30.4)
    heading, seats, log, own, footer = panel_texts(panel)
    assert heading == f"### Your hand — hand #{panel.hand_id}"
    assert footer == "-# Only you can see these cards."
    assert seats.split("\n") == [
        "**Seats**",
        "`1` Ⓓ **Alice** · 490 · drew 2",
        "`2` (SB) **Bob** · 480 · pat · bet 10",
        "`3` (BB) **Carol** · 490 · drew 3 · **to act**",
        "Betting after draw 1 · Pot 40",
    ]
    assert log.split("\n") == [
        "**Hand log**",
        "Pre-draw: Alice calls 10 · Bob calls 5 · Carol checks",
        "Draw 1: Bob stands pat · Carol draws 3 · Alice draws 2",
        "**After draw 1**",
        "Bob bets 10",
    ]
    own_lines = own.split("\n")
    assert own_lines[0].startswith("## ")
    assert "Your stack 490 · to call 10 · time bank 30 s" in own_lines
    assert "**Your turn** · time runs out <t:1800000000:R>" in own_lines
    # Alice, waiting, reads whose turn it is in the table's words
    waiting = panel_text(panel_snapshot(1, hand, ALICE, HandNotes(), snapshot))
    assert "Carol to act · time runs out <t:1800000000:R>" in waiting
    assert "Your stack 490" in waiting and "to call" not in waiting


WORST_NAME = "*_~`|>" * 6
"""32 characters, every one of them markdown: escaped, each seat's name is twice as long."""
WORST_NOTICES = tuple(f"Time ran out in hand #9999999: {'x' * 200}" for _ in range(6))


def worst_case_panels() -> list[PanelSnapshot]:
    """Six seats with 32-character names, every betting round capped and called, three
    cards drawn by each player at each draw, three cards marked by everyone waiting to draw,
    a time bank: every player's panel at every turn of the hand."""
    ids = list(range(101, 107))
    names = [f"{i}{WORST_NAME}"[:32] for i in range(6)]
    seated = list(enumerate(zip(ids, names, strict=True)))
    players = [SeatedPlayer(p, n, 10**9, i) for i, (p, n) in seated]
    seats = [seat_row(i, p, n, 10**9) for i, (p, n) in seated]
    hand = Hand.start(players, 0, Stakes(10**7), rng=random.Random(5), hand_id=9_999_999)
    panels = []
    while not hand.is_complete:
        notes = HandNotes()
        for player in ids:
            for card in hand.private_view(player).cards[:3]:
                notes.mark(player, card, True)
        public = snapshot_of(hand, seats=seats, deadline=1_800_000_000.0)
        panels += [panel_snapshot(1, hand, p, notes, public, bank_left=999.0) for p in ids]
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, list(hand.private_view(player).cards[:3]))
        elif hand.legal().can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
    return panels


def test_the_panel_fits_discords_limits_in_the_worst_case() -> None:
    """Within 40 components and 4,000 characters whatever the table: six long markdown names,
    a capped hand's whole log, every button, the picture, notices; the player's own part and
    the footer whole, the seats and the log under their headings (issue 35)."""
    from bot.ui.layout import MAX_COMPONENTS, MAX_TEXT, count_components, text_length

    panels = worst_case_panels()
    picture = PanelPicture("attachment://hand.png", "alt " * 300)
    most = (0, 0)
    for language in ("en", "hu", "ru", "sv", "id"):
        for panel in panels[:: 1 if language == "en" else 7]:
            with speaking(language):
                components = panel_layout(panel, picture, WORST_NOTICES).to_components()
                own = "\n".join(own_lines(panel))
            counted = (count_components(components), text_length(components))
            assert counted[0] <= MAX_COMPONENTS and counted[1] <= MAX_TEXT, (language, panel)
            most = max(most[0], counted[0]), max(most[1], counted[1])
            shown = read_layout({"components": components})
            assert shown.texts[1].startswith("**") and shown.texts[2].startswith("**")
            assert shown.texts[3] == own and shown.texts[-1].startswith("-# ")
    # the worst of them all: cards, Draw 3, Stand pat and the betting buttons at once
    assert most[0] == 23 and most[1] > 2500, most


def test_seats_and_log_give_way_before_the_players_own_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Were the seats ever longer than the room left, the seats and the log are cut, never
    the player's cards, buttons, notices or footer."""
    from bot.table.render import panel as panel_render
    from bot.table.render.common import LOG_LINE_MAX
    from bot.ui.layout import MAX_TEXT, text_length

    panel = worst_case_panels()[-1]
    monkeypatch.setattr(panel_render, "table_lines", lambda _panel: "seat " * 2000)
    components = panel_layout(panel, None, WORST_NOTICES).to_components()
    assert MAX_TEXT - LOG_LINE_MAX < text_length(components) <= MAX_TEXT
    shown = read_layout({"components": components})
    assert shown.texts[1].endswith("…") and shown.texts[2].startswith("**Hand log**\n")
    assert shown.texts[3] == "\n".join(own_lines(panel))
    assert shown.texts[4].startswith("Time ran out") and shown.texts[-1].startswith("-# ")
    view = panel_view(panel)
    assert view is not None and len(shown.buttons) == len(buttons(view))
