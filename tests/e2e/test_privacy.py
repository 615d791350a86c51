"""Nothing of a channel reaches a member who cannot view it: replays (the command, the Replay
button, the step buttons, forged or not), the sit-and-go buttons and commands, the lobby and
another member's stats. A hidden thing is answered exactly like a missing one, so ids cannot be
probed; the one check behind all of them is ``bot.table.visibility.can_see``."""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

from tests.discord_double import DiscordDouble, Interaction, Member, iter_components, message_text
from tests.e2e.helpers import Club, embed0, private_reply
from tests.e2e.test_replay import replay_button, step_of

log = logging.getLogger(__name__)


async def forged_click(
    double: DiscordDouble, who: Member, message: dict[str, Any], custom_id: str
) -> Interaction:
    """A click whose ``custom_id`` a modified client rewrote: the first enabled button of a
    copy of ``message`` (one ``who`` may click) carries it."""
    snapshot = copy.deepcopy(message)
    button = next(
        c
        for c in iter_components(list(snapshot.get("components") or []))
        if c.get("type") == 2 and "custom_id" in c and not c.get("disabled")
    )
    button["custom_id"] = custom_id
    return await double.click(who, snapshot, custom_id, stale=True)


def without_numbers(text: str) -> str:
    return re.sub(r"\d+", "N", text)


async def test_a_hand_of_a_channel_the_member_cannot_view_is_replayed_only_by_its_players(
    club: Club,
) -> None:
    """Carol opened the replay of a hand of #poker; then #poker is hidden from everyone but the
    admin. Her step buttons, ``/poker replay hand:N`` (settled or running), and a forged Replay
    button answer her exactly like a hand that does not exist; Alice, dealt into it, still
    replays it with her own cards; the admin, who can view #poker, replays it."""
    double = club.double
    table = await club.seated(2)
    alice, _bob = table.players
    outcome = await table.play_hand()
    hand_id = outcome.hand_id
    running = await table.wait_hand(after=hand_id)
    lounge = await double.add_channel(club.guild, "lounge")
    carol = await double.add_member(club.guild, "carol", display_name="Carol")

    opened = await double.invoke(carol, club.channel, "poker replay", hand=hand_id)
    response = await opened.response(timeout=10)
    assert response.ephemeral and response.message_id is not None
    first = double.current(response.message_id)
    assert first is not None and step_of(first)[0] == 1

    await double.hide_channel(club.channel, except_for=(club.admin,))

    async def carol_asks(number: int) -> str:
        asked = await double.invoke(carol, lounge, "poker replay", hand=number)
        return await private_reply(asked)

    missing = await carol_asks(hand_id + 1000)
    assert missing == f"There is no hand #{hand_id + 1000} in this server."
    # Her open replay's ▶ (the cached replay), the command, a running hand, a forged button.
    stepped = await double.click(carol, first, replay_button(first, "▶")["custom_id"])
    assert without_numbers(await private_reply(stepped)) == without_numbers(missing)
    assert step_of(double.current(response.message_id) or {})[0] == 1
    assert without_numbers(await carol_asks(hand_id)) == without_numbers(missing)
    assert without_numbers(await carol_asks(running)) == without_numbers(missing)
    for custom_id in (f"deuce:rp:{hand_id}", f"deuce:r:{hand_id}:2:n", f"deuce:rp:{running}"):
        forged = await forged_click(double, carol, first, custom_id)
        assert without_numbers(await private_reply(forged)) == without_numbers(missing)

    # Alice was dealt into it: her own cards, though she cannot view #poker any more.
    mine = await double.invoke(alice, lounge, "poker replay", hand=hand_id)
    answer = await mine.response(timeout=10)
    assert answer.ephemeral and answer.embeds, answer.data
    assert f"hand #{hand_id}" in str(answer.embeds[0]["title"])
    assert "Your cards:" in message_text(double.current(answer.message_id or 0) or {})
    # The admin can view #poker: the replay, redacted for one not dealt in.
    theirs = await double.invoke(club.admin, lounge, "poker replay", hand=hand_id)
    admin_answer = await theirs.response(timeout=10)
    assert admin_answer.ephemeral and admin_answer.embeds, admin_answer.data
    assert "not dealt in" in message_text(double.current(admin_answer.message_id or 0) or {})
    assert embed0(double.current(admin_answer.message_id or 0))["title"]
    club.audit_ok()
