"""``/poker replay`` and the Replay button under a result, played against the double.

A replay answers privately and steps by editing its own message through each click's
interaction (an UPDATE_MESSAGE callback, no REST call); a player sees their own cards step by
step, anyone else only what the table showed, and a replay keeps working after a restart.
"""

from __future__ import annotations

import logging
import re
import statistics
from typing import Any

from tests.discord_double import DiscordDouble, Member, iter_components, message_text
from tests.e2e.helpers import (
    CARD_RE,
    CARD_TOKEN_RE,
    IN_LOOP,
    Club,
    HandOutcome,
    PokerTable,
    buttons,
    channel_card_leaks,
    embed0,
    forged_click,
    hand_dm_cards,
    label_to_card,
    private_reply,
    replay_button,
    step_of,
)
from tests.e2e.stats_checks import check_stats_with_their_chart_for_each_period_and_the_leaderboard

log = logging.getLogger(__name__)

pytestmark = IN_LOOP

THREW_RE = re.compile(r"You threw (?P<thrown>.+?) and got (?P<got>.+)$", re.MULTILINE)
UPDATE_MESSAGE = 7


def cards_of(message: dict[str, Any]) -> set[str]:
    return {label_to_card(c) for c in CARD_RE.findall(message_text(message))}


async def open_replay(double: DiscordDouble, who: Member, club: Club, **options: Any) -> int:
    command = await double.invoke(who, club.channel, "poker replay", **options)
    response = await command.response(timeout=10)
    assert response.ephemeral and response.embeds, response.data
    assert response.message_id is not None
    return response.message_id


async def step(
    double: DiscordDouble, who: Member, message_id: int, label: str, latencies: list[float]
) -> dict[str, Any]:
    """Click ⏮ ◀ ▶ or ⏭ and return the edited message; the answer is the click's own
    UPDATE_MESSAGE (no REST edit)."""
    message = double.current(message_id)
    assert message is not None
    before = double.mark()
    clicked = await double.click(who, message, replay_button(message, label)["custom_id"])
    response = await clicked.response(timeout=10)
    assert response.type == UPDATE_MESSAGE, response
    assert response.message_id == message_id
    latencies.append(response.latency)
    assert double.mark() >= before
    edited = double.current(message_id)
    assert edited is not None
    return edited


async def walk(
    double: DiscordDouble, who: Member, message_id: int, latencies: list[float]
) -> list[dict[str, Any]]:
    """Every step from the first to the last with ▶ (checking ⏮/◀ are off at the start and
    ▶/⏭ at the end), then back to the first with ◀."""
    first = double.current(message_id)
    assert first is not None
    number, total = step_of(first)
    assert number == 1 and total > 3
    assert replay_button(first, "⏮").get("disabled") and replay_button(first, "◀").get("disabled")
    seen = [first]
    for expected in range(2, total + 1):
        shown = await step(double, who, message_id, "▶", latencies)
        assert step_of(shown) == (expected, total)
        seen.append(shown)
    assert replay_button(seen[-1], "▶").get("disabled")
    assert replay_button(seen[-1], "⏭").get("disabled")
    for expected in range(total - 1, 0, -1):
        shown = await step(double, who, message_id, "◀", latencies)
        assert step_of(shown) == (expected, total)
        assert message_text(shown) == message_text(seen[expected - 1])
    return seen


async def check_a_player_steps_their_hand_from_both_ends_through_every_draw(
    club: Club, table: PokerTable, outcome: HandOutcome
) -> None:
    """Alice replays her last hand (``outcome``, where she drew 1, 2 and 3 cards)."""
    double = club.double
    alice, bob = table.players
    hand_id = outcome.hand_id
    latencies: list[float] = []

    message_id = await open_replay(double, alice, club)  # default: her last hand
    first = double.current(message_id)
    assert first is not None and f"hand #{hand_id}" in str(embed0(first)["title"])
    assert first["flags"] & 64
    assert [a["filename"] for a in first["attachments"]] == ["replay.png"]
    # ⏭ goes to the end at once, ⏮ back to the start.
    last = await step(double, alice, message_id, "⏭", latencies)
    number, total = step_of(last)
    assert number == total
    assert "Hand complete · Pot 0" in message_text(last)
    again = await step(double, alice, message_id, "⏮", latencies)
    assert step_of(again) == (1, total)

    steps = await walk(double, alice, message_id, latencies)
    # She drew 1, 2 and 3 cards: each draw shows what she threw and what she got.
    draws = [THREW_RE.search(message_text(s)) for s in steps]
    found = [m for m in draws if m is not None]
    assert [len(CARD_RE.findall(m["thrown"])) for m in found] == [1, 2, 3]
    assert [len(CARD_RE.findall(m["got"])) for m in found] == [1, 2, 3]
    # Every card she saw in the replay is one of hers or one shown at the showdown.
    own = hand_dm_cards(double, alice, hand_id)
    shown = {label_to_card(c) for c in CARD_RE.findall(" ".join(outcome.shown.values()))}
    for message in steps:
        assert cards_of(message) <= own | shown, message_text(message)
    # Bob's cards that were never shown appear nowhere in her replay.
    hidden = hand_dm_cards(double, bob, hand_id) - shown
    assert not any(cards_of(message) & hidden for message in steps)
    log.info("replay step answers: median %.1f ms", 1000 * statistics.median(latencies))

    # The table plays on beside the replay.
    next_hand = await table.wait_hand(after=hand_id)
    assert next_hand > hand_id
    assert channel_card_leaks(double, club.channel) == []


STREETS = ("Pre-draw", "Draw 1", "Draw 2", "Draw 3", "Showdown")
BLURPLE = 1


def component_cards(message: dict[str, Any]) -> set[str]:
    """Every card a message's components name (labels, emoji), in engine notation."""
    found: set[str] = set()
    for component in iter_components(list(message.get("components") or [])):
        found.update(label_to_card(c) for c in CARD_RE.findall(str(component.get("label") or "")))
        name = str((component.get("emoji") or {}).get("name") or "")
        found.update(CARD_TOKEN_RE.findall(name.replace("_", " ")))
    return found


async def by_street(
    double: DiscordDouble, who: Member, message_id: int, latencies: list[float]
) -> list[dict[str, Any]]:
    """Click Pre-draw, Draw 1, Draw 2, Draw 3 and Showdown in turn (then Draw 1 again) and
    check each lands on its street's first step, its own button highlighted, as the table
    showed it: the round, the pot, the seats with the button and blinds, the draws so far."""
    seen = []
    numbers = []
    for index, street in enumerate(STREETS):
        shown = await step(double, who, message_id, street, latencies)
        text = message_text(shown)
        number, total = step_of(shown)
        numbers.append(number)
        styles = {b["label"]: b.get("style") for b in buttons(shown) if b["label"] in STREETS}
        assert [s for s, style in styles.items() if style == BLURPLE] == [street], styles
        assert re.search(r"`\d` Ⓓ \(SB\) \*\*", text), text  # heads-up: the button's blind
        assert re.search(r"`\d` \(BB\) \*\*", text), text
        assert " in front" not in text
        if index == 0:
            assert number == 1 and "Pre-draw betting · Pot 15" in text
        elif street == "Showdown":
            assert "**Showdown**" in text and re.search(r"\*\*\S+ (shows|mucks)", text), text
            # each player drew 1, 2 and 3 cards: every seat reads its three draws
            assert text.count("drew 1 · drew 2 · drew 3") == 2, text
        else:
            assert f"Draw {index} of 3 · Pot" in text, text
            assert f"**Draw {index}**" in text and re.search(r"\*\*\S+ draws \d\*\*", text)
            # its first drawer has drawn 1, then 2... cards: their seat reads every draw so far
            assert " · ".join(f"drew {k}" for k in range(1, index + 1)) in text, text
        assert 1 <= number <= total
        seen.append(shown)
    assert numbers == sorted(set(numbers)), numbers
    again = await step(double, who, message_id, "Draw 1", latencies)
    assert step_of(again)[0] == numbers[1]
    assert message_text(again) == message_text(seen[1])
    return seen


async def check_a_replay_by_street_as_a_player_and_as_a_watcher(
    club: Club, table: PokerTable, outcome: HandOutcome, carol: Member
) -> None:
    """Alice (who played) and Carol (who did not) step ``outcome``'s replay street by street:
    each reads no card that was not shown (text or components) but her own; a forged street
    id is refused and changes nothing."""
    double = club.double
    alice, bob = table.players
    hand_id = outcome.hand_id
    latencies: list[float] = []
    shown = {label_to_card(c) for c in CARD_RE.findall(" ".join(outcome.shown.values()))}
    hidden = hand_dm_cards(double, bob, hand_id) - shown

    mine = await open_replay(double, alice, club, hand=hand_id)
    own = hand_dm_cards(double, alice, hand_id)
    for message in await by_street(double, alice, mine, latencies):
        assert cards_of(message) <= own | shown, message_text(message)
        assert not (cards_of(message) | component_cards(message)) & hidden
        assert "Your cards:" in message_text(message)

    result = table.result_message(hand_id)
    assert result is not None
    opened = await double.click(carol, result, replay_button(result, "Replay")["custom_id"])
    response = await opened.response(timeout=10)
    assert response.ephemeral and response.message_id is not None
    for message in await by_street(double, carol, response.message_id, latencies):
        assert cards_of(message) | component_cards(message) <= shown, message_text(message)
        assert "You threw" not in message_text(message)
        assert "not dealt in" in message_text(message)
        assert message["attachments"] == []

    # A forged street (there are five) is refused like any unknown button, nothing edited.
    before = double.current(mine)
    assert before is not None
    for custom_id in (f"deuce:r:{hand_id}:s5", f"deuce:r:{hand_id}:s1:n"):
        forged = await forged_click(double, alice, before, custom_id)
        assert await private_reply(forged) == "This button is no longer in use. Nothing changed."
    assert message_text(double.current(mine) or {}) == message_text(before)


async def check_the_replay_button_opens_a_redacted_replay_for_anyone(
    club: Club, table: PokerTable, outcome: HandOutcome, carol: Member
) -> None:
    """The Replay button under ``outcome``'s result, pressed by Carol (never dealt in) and by
    Bob; then bad input, and a restart (last: it stops the bot)."""
    double = club.double
    alice, bob = table.players
    hand_id = outcome.hand_id
    result = table.result_message(hand_id)
    assert result is not None
    replay = replay_button(result, "Replay")
    assert replay["custom_id"] == f"deuce:rp:{hand_id}"
    latencies: list[float] = []

    # A member who did not play sees only what the table saw.
    opened = await double.click(carol, result, replay["custom_id"])
    response = await opened.response(timeout=10)
    assert response.ephemeral and response.message_id is not None
    watcher = double.current(response.message_id)
    assert watcher is not None and "not dealt in" in message_text(watcher)
    assert watcher["attachments"] == []
    shown = {label_to_card(c) for c in CARD_RE.findall(" ".join(outcome.shown.values()))}
    seen = await walk(double, carol, response.message_id, latencies)
    for message in seen:
        assert cards_of(message) <= shown, message_text(message)
        assert "You threw" not in message_text(message)
    # Bob, who played, gets his own cards from the same button.
    mine = await double.click(bob, result, replay["custom_id"])
    bob_replay = await mine.response(timeout=10)
    assert bob_replay.ephemeral and bob_replay.message_id is not None
    bobs = double.current(bob_replay.message_id)
    assert bobs is not None and "Your cards:" in message_text(bobs)
    assert cards_of(bobs) and cards_of(bobs) <= hand_dm_cards(double, bob, hand_id)
    # Nobody else can press Carol's replay buttons: it is hers alone (ephemeral).
    assert all(m["id"] != watcher["id"] for m in double.ephemerals(alice))

    # Bad input: a hand that does not exist, and one still being played.
    missing = await double.invoke(alice, club.channel, "poker replay", hand=hand_id + 1000)
    assert f"no hand #{hand_id + 1000}" in await private_reply(missing)
    running = await table.wait_hand(after=hand_id)
    playing = await double.invoke(alice, club.channel, "poker replay", hand=running)
    assert "still being played" in await private_reply(playing)
    newcomer = await double.add_member(club.guild, "dave", display_name="Dave")
    nothing = await double.invoke(newcomer, club.channel, "poker replay")
    assert "not played a hand" in await private_reply(nothing)
    assert channel_card_leaks(double, club.channel) == []

    # After a restart the same message still steps, and the result's button still opens.
    await club.bot.stop()
    await club.bot.start()
    shown_again = await step(double, carol, response.message_id, "⏭", latencies)
    assert step_of(shown_again)[0] == step_of(shown_again)[1]
    reopened = await double.click(alice, result, replay["custom_id"])
    assert (await reopened.response(timeout=10)).ephemeral
    table_after = PokerTable(double, club.channel, [alice, bob])
    assert table_after.table_message() is not None


async def test_stats_and_both_replays_of_the_same_played_hands(club: Club) -> None:
    """Three hands, each player drawing 1, 2 and 3 cards, read three ways against one bot: the
    stats with their chart and the leaderboard, Alice stepping through her last hand, and the
    Replay button under its result (each was a test that started a bot and played its own
    hands)."""
    table = await club.seated(2)
    hands = 3
    outcomes = []
    for _ in range(hands):
        outcome = await table.play_hand(discards=lambda member, number: number)
        outcomes.append(outcome)
        await table.wait_hand(after=outcome.hand_id)
    carol = await check_stats_with_their_chart_for_each_period_and_the_leaderboard(
        club, table, hands
    )
    last = outcomes[-1]
    await check_a_player_steps_their_hand_from_both_ends_through_every_draw(club, table, last)
    await check_a_replay_by_street_as_a_player_and_as_a_watcher(club, table, last, carol)
    await check_the_replay_button_opens_a_redacted_replay_for_anyone(club, table, last, carol)
