"""The table embed, the private panel and the result, rendered from a real engine hand."""

from __future__ import annotations

import json
import random
from typing import Any

import discord

from bot.engine import Card, Hand, Phase, SeatedPlayer, Stakes
from bot.render import (
    EMBED_FIELD_MAX,
    EMBED_TOTAL_MAX,
    PanelSnapshot,
    TableSnapshot,
    card_label,
    draws_text,
    panel_embed,
    panel_view,
    redact_phh,
    result_embed,
    table_embed,
    table_view,
)
from bot.session import TableSession
from tests.bot.fakes import FakeBot, seat_row, table_row

ALICE, BOB, CAROL = 101, 202, 303
SUITS = "♣♦♥♠"


def new_hand(seed: int = 7) -> Hand:
    players = [
        SeatedPlayer(ALICE, "Alice", 500, 0),
        SeatedPlayer(BOB, "Bob", 500, 1),
        SeatedPlayer(CAROL, "Carol", 500, 2),
    ]
    return Hand.start(players, 0, Stakes(10), rng=random.Random(seed), hand_id=77)


def session_for(hand: Hand) -> TableSession:
    session = TableSession(FakeBot(store=None), table_row())  # type: ignore[arg-type]
    session.seats = [
        seat_row(0, ALICE, "Alice", 500),
        seat_row(1, BOB, "Bob", 500),
        seat_row(2, CAROL, "Carol", 500),
    ]
    session.hand = hand
    session.hand_id = hand.hand_id
    session.seq = hand.action_count
    return session


def buttons(view: discord.ui.View) -> list[dict[str, Any]]:
    """The view's buttons as Discord receives them."""
    return [c for row in view.to_components() for c in row["components"]]


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
    session = session_for(hand)
    snapshot = session.snapshot()
    embed = table_embed(snapshot)
    text = embed_text(embed)
    for name in ("Alice", "Bob", "Carol"):
        assert name in text
    seats = embed.fields[0].value or ""
    lines = {line.split("**")[1]: line for line in seats.splitlines()}
    assert "draws 2" in lines["Alice"]
    assert "draws pat" in lines["Bob"]
    assert "draws 1" in lines["Carol"]
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
    assert "<t:" not in text or session.deadline is not None
    assert len(embed) <= EMBED_TOTAL_MAX


def test_table_buttons_show_amounts_and_carry_the_position() -> None:
    hand = new_hand()
    session = session_for(hand)
    snapshot = session.snapshot()
    view = table_view(snapshot)
    assert view is not None
    labels = {b["custom_id"].rsplit(":", 1)[1]: b["label"] for b in buttons(view)}
    assert labels["fold"] == "Fold"
    assert labels["call"] == "Call 10"
    assert labels["raise"] == "Raise to 20"
    assert labels["cards"] == "My cards"
    for button in buttons(view):
        assert button["custom_id"].startswith(f"deuce:t:1:77:{snapshot.seq}:")


def test_turn_shows_countdown_and_names_draw_counts_after_three_draws() -> None:
    hand = new_hand(3)
    for counts in ({ALICE: 1, BOB: 2, CAROL: 0}, {ALICE: 0, BOB: 1, CAROL: 3}):
        call_round(hand)
        draw_round(hand, counts)
    session = session_for(hand)
    session.deadline = 1_800_000_000.0
    embed = table_embed(session.snapshot())
    text = embed_text(embed)
    assert "<t:1800000000:R>" in text
    seats = embed.fields[0].value or ""
    assert "draws 1 · pat" in seats
    assert "draws 2 · 1" in seats
    assert "draws pat · 3" in seats


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
    session = session_for(hand)
    names = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}
    result = hand.result
    assert result is not None
    embed = result_embed(session.result_snapshot(hand, names))
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
        cards=cards,
        hand_name="king-queen low",
        marked=frozenset({cards[1], cards[4]}),
        target_draw=2,
        my_turn_to_draw=True,
        can_prefold=True,
    )
    embed = panel_embed(panel)
    assert "king-queen low" in (embed.description or "")
    view = panel_view(panel)
    assert view is not None
    found = buttons(view)
    card_buttons = [b for b in found if b["custom_id"].startswith("deuce:c:")]
    assert [b["custom_id"] for b in card_buttons] == [f"deuce:c:1:9:2:{i}" for i in range(5)]
    assert card_buttons[1]["label"] == "✕ " + card_label(cards[1])
    assert card_buttons[1]["style"] == discord.ButtonStyle.danger.value
    assert card_buttons[0]["style"] == discord.ButtonStyle.secondary.value
    labels = [b["label"] for b in found]
    assert "Draw 2" in labels and "Stand pat" in labels


def test_panel_without_draws_left_has_disabled_cards_and_no_draw_button() -> None:
    cards = tuple(Card(i) for i in (0, 5, 10, 15, 20))
    panel = PanelSnapshot(1, 9, cards, "eight-six low", target_draw=None)
    view = panel_view(panel)
    assert view is not None
    assert all(b.get("disabled") for b in buttons(view))
    assert not any("Draw" in b["label"] for b in buttons(view))
    assert panel_view(PanelSnapshot(1, 9, cards, "x", complete=True)) is None


def test_a_finished_hands_panel_says_what_it_won_or_cost() -> None:
    cards = tuple(Card(i) for i in (0, 5, 10, 15, 20))
    won = PanelSnapshot(1, 9, cards, "eight-six low", complete=True, net=35)
    lost = PanelSnapshot(1, 9, cards, "eight-six low", folded=True, complete=True, net=-10)
    even = PanelSnapshot(1, 9, cards, "eight-six low", complete=True, can_show=True, net=0)
    texts = [panel_embed(p).description or "" for p in (won, lost, even)]
    assert "This hand is over." in texts[0] and "You won 35 chips" in texts[0]
    assert "You folded this hand." in texts[1] and "cost you 10 chips" in texts[1]
    assert "finished this hand even" in texts[2] and "you may still show it" in texts[2]
    assert panel_view(won) is None and panel_view(lost) is None
    shown = panel_view(even)
    assert shown is not None and [b["label"] for b in buttons(shown)] == ["Show my hand"]


def test_long_names_and_markdown_stay_within_limits() -> None:
    from bot.render import SeatSnapshot

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
        recent=tuple("x" * 500 for _ in range(20)),
    )
    embed = table_embed(snapshot)
    assert all(len(f.value or "") <= EMBED_FIELD_MAX for f in embed.fields)
    assert len(embed) <= EMBED_TOTAL_MAX
    assert "@everyone" not in embed_text(embed).replace("@\u200beveryone", "")


def test_draws_text() -> None:
    assert draws_text([2, 0, 1]) == "2 · pat · 1"
    assert draws_text([]) == ""


def played_out(seed: int) -> Hand:
    hand = new_hand(seed)
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, list(hand.private_view(player).cards[:1]))
        else:
            hand.check_or_call(player)
    return hand


def all_cards_of(hand: Hand, player: int) -> set[str]:
    """Every card the player held at any time (dealt or drawn), as PHH text."""
    cards: set[str] = set()
    state = hand.to_json()
    position = state["ids"].index(player)
    from bot.engine import CARDS

    for entry in state["log"]:
        if entry[0] == "deal":
            flat = entry[5]
            cards.update(str(CARDS[c]) for c in flat[5 * position : 5 * position + 5])
        elif entry[0] == "draw" and entry[1] == position:
            cards.update(str(CARDS[c]) for c in entry[4] + entry[5])
    return cards


def test_history_file_hides_every_card_the_viewer_was_not_shown() -> None:
    hand = played_out(5)
    result = hand.result
    assert result is not None
    full = hand.to_phh()
    for viewer in (ALICE, BOB, CAROL, None):
        text = redact_phh(full, viewer, shown=set(result.shown_hands))
        actions = text.split("actions = [", 1)[1].split("]", 1)[0]
        for player in (ALICE, BOB, CAROL):
            shown = {str(c) for c in result.shown_hands.get(player, ())}
            for card in all_cards_of(hand, player) - shown:
                if player == viewer:
                    assert card in actions
                else:
                    assert card not in actions, (viewer, player, card)
        for cards in result.shown_hands.values():
            assert "".join(str(c) for c in cards) in actions
        assert "finishing_stacks" in text and "??" in text


def test_action_log_escapes_markdown_in_names() -> None:
    players = [SeatedPlayer(ALICE, "**Mallory**", 500, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    hand = Hand.start(players, 0, Stakes(10), rng=random.Random(1), hand_id=3)
    hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    session = session_for(hand)
    session.seats = [seat_row(0, ALICE, "**Mallory**", 500), seat_row(1, BOB, "Bob", 500)]
    embed = table_embed(session.snapshot())
    for item in embed.fields:
        assert "**Mallory**" not in (item.value or "")


def random_hand(seed: int) -> Hand:
    """A finished hand of 2-6 players with folds, raises, all-ins, players leaving, 0-5 card
    draws (which run the deck out and reshuffle at six players), and every showdown form."""
    rng = random.Random(seed)
    count = rng.randint(2, 6)
    players = [
        SeatedPlayer(1000 + i, f"P{i}", rng.choice([15, 40, 120, 500]), i) for i in range(count)
    ]
    hand = Hand.start(players, rng.randrange(count), Stakes(10), rng=rng, hand_id=seed)
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if rng.random() < 0.03:
            hand.leave(rng.choice(hand.player_ids))  # /poker leave: a dead hand
            continue
        if hand.phase is Phase.DRAWING:
            cards = list(hand.private_view(player).cards)
            hand.draw(player, rng.sample(cards, rng.randint(0, 5)))
            continue
        legal = hand.legal()
        roll = rng.random()
        if roll < 0.12 and not legal.can_check:
            hand.fold(player)
        elif roll < 0.45 and legal.can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
    return hand


def test_history_redaction_holds_for_every_phh_form() -> None:
    """Deals, discards, draws, shows, '# mucked' shows and the hands named because the others
    left: a card the viewer neither held nor saw shown never survives redaction."""
    for seed in range(150):
        hand = random_hand(seed)
        result = hand.result
        assert result is not None
        full = hand.to_phh()
        shown = {str(c) for cards in result.shown_hands.values() for c in cards}
        ids = hand.player_ids
        for viewer in (*ids, None):
            redacted = redact_phh(full, viewer, shown=set(result.shown_hands))
            actions = redacted.split("actions = [", 1)[1].split("]", 1)[0]
            own = all_cards_of(hand, viewer) if viewer is not None else set()
            for player in ids:
                if player == viewer:
                    continue
                for card in all_cards_of(hand, player) - shown - own:
                    assert card not in actions, (seed, viewer, player, card)


def test_history_hides_the_hand_of_a_winner_whose_opponents_left() -> None:
    """When the only other player left with a dead hand (Hand.leave, all-in), the engine names
    the winner's hand in the PHH for PokerKit ("pN sm <cards>") although nobody was shown it:
    only hands in the result's shown_hands may stay readable."""
    players = [SeatedPlayer(ALICE, "Alice", 20, 0), SeatedPlayer(BOB, "Bob", 500, 1)]
    hand = Hand.start(players, 0, Stakes(10), rng=random.Random(3), hand_id=5)
    while not any(s.state == "all-in" for s in hand.public_view().seats):
        player = hand.to_act
        assert player is not None
        if hand.legal().can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
    all_in = next(s.player_id for s in hand.public_view().seats if s.state == "all-in")
    winner = BOB if all_in == ALICE else ALICE
    if hand.to_act == winner and hand.phase is Phase.BETTING:
        hand.check_or_call(winner)
    hand.leave(all_in)
    result = hand.result
    assert result is not None and list(result.winners) == [winner]
    assert winner not in result.shown_hands
    full = hand.to_phh()
    winner_cards = "".join(str(c) for c in hand.private_view(winner).cards)
    assert winner_cards in full  # the engine names it for PokerKit
    shown = set(result.shown_hands)
    for viewer in (all_in, None):
        assert winner_cards not in redact_phh(full, viewer, shown=shown), viewer
    assert winner_cards in redact_phh(full, winner, shown=shown)
