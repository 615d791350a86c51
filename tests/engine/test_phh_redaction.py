"""Hand histories as a player may download them (``/poker history``): ``redact_phh`` keeps the
viewer's own cards and the hands shown at the showdown, and hides every other card, whatever
form the engine's PHH export gave it."""

from __future__ import annotations

import random

from bot.engine import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.phh import hand_to_phh, redact_phh
from tests.engine._helpers import all_cards_of, players, random_hand

ALICE, BOB, CAROL = 1, 2, 3  # the ids _helpers.players gives three seats


def new_hand(seed: int) -> Hand:
    return Hand.start(players([500, 500, 500]), 0, Stakes(10), rng=random.Random(seed), hand_id=77)


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


def test_history_file_hides_every_card_the_viewer_was_not_shown() -> None:
    hand = played_out(5)
    result = hand.result
    assert result is not None
    full = hand_to_phh(hand)
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


def test_history_redaction_holds_for_every_phh_form() -> None:
    """Deals, discards, draws, shows, '# mucked' shows and the hands named because the others
    left: a card the viewer neither held nor saw shown never survives redaction."""
    for seed in range(150):
        hand = random_hand(seed)
        result = hand.result
        assert result is not None
        full = hand_to_phh(hand)
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
    full = hand_to_phh(hand)
    winner_cards = "".join(str(c) for c in hand.private_view(winner).cards)
    assert winner_cards in full  # the engine names it for PokerKit
    shown = set(result.shown_hands)
    for viewer in (all_in, None):
        assert winner_cards not in redact_phh(full, viewer, shown=shown), viewer
    assert winner_cards in redact_phh(full, winner, shown=shown)
