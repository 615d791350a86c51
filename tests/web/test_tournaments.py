"""The sit-and-go form's rules without a browser: each option checked as ``/poker sng
create``'s ranges check it (a refusal names its field), minutes or hands per level, not both
(neither: the command's default minutes); the listing as ``/poker sng show`` tells each
tournament, for admins only."""

from __future__ import annotations

from bot.messages import set_reader
from bot.web.pages.tournaments import Refusal, read_form
from tests.web.site import ADMIN, GUILD, Site, sign_in, site

__all__ = ["site"]

FORM = {"buy_in": "50", "seats": "3", "stack": "1500", "structure": "turbo"}


def test_the_form_is_read_as_the_command_reads_its_options() -> None:
    set_reader("en")
    assert read_form(FORM) == {
        "buy_in": 50,
        "seats": 3,
        "start_stack": 1500,
        "level_minutes": 6,
        "level_hands": None,
        "starts_in": None,
        "structure": "turbo",
    }
    assert read_form({**FORM, "level_hands": "4", "starts_in": "1,440"}) == {
        "buy_in": 50,
        "seats": 3,
        "start_stack": 1500,
        "level_minutes": None,
        "level_hands": 4,
        "starts_in": 1440,
        "structure": "turbo",
    }
    assert read_form({**FORM, "seats": "7"}) == Refusal(
        "seats", "Players (it starts when full): a whole number from 2 to 6."
    )
    for name, value in (("buy_in", "-1"), ("buy_in", ""), ("stack", "19"), ("seats", "3.5")):
        refused = read_form({**FORM, name: value})
        assert isinstance(refused, Refusal) and refused.field == name, (name, value)
    both = read_form({**FORM, "level_minutes": "5", "level_hands": "4"})
    assert both == Refusal("level_hands", "Choose minutes or hands per level, not both.")
    assert read_form({**FORM, "structure": "hyper"}) == Refusal(
        "structure", "That is not one of this setting's values."
    )


async def test_the_list_shows_each_tournament_as_the_command_does_to_admins_only(
    site: Site,
) -> None:
    client, store, api, _tables = site
    made = await store.tournaments.create(
        GUILD, 300, ADMIN, buy_in=50, seats=3, start_stack=1500, level_minutes=5, structure="slow"
    )
    await sign_in(client, store)
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f'data-tournament="{made.id}"' in text and "#poker" in text
    assert f"Sit-and-go #{made.id} (registering)" in text and "Buy-in 50 · prize pool 0" in text
    assert f'action="/servers/{GUILD}/tournaments/{made.id}/cancel"' in text
    await store.tournaments.cancel(made.id, "cancelled by an admin")
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f"Sit-and-go #{made.id} (cancelled)" in text and "/cancel" not in text
    api.managers.clear()
    refused = await client.get(f"/servers/{GUILD}/tournaments")
    assert refused.status == 403


async def test_a_running_and_a_finished_tournament_show_standings_and_prizes(site: Site) -> None:
    """Running: the players left by their stacks and the prizes; finished: the places and the
    prizes paid (``/poker sng show``'s embeds)."""
    client, store, _api, _tables = site
    alice, bob = 1011, 1012
    made = await store.tournaments.create(
        GUILD, 300, ADMIN, buy_in=50, seats=2, start_stack=500, level_hands=5, structure="turbo"
    )
    await store.tournaments.register(made.id, alice, "Alice")
    await store.tournaments.register(made.id, bob, "Bob")
    _running, table = await store.tournaments.start(made.id, lambda seats: None, when_full=True)
    await sign_in(client, store)
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f"Sit-and-go #{made.id} (running)" in text
    assert "Alice: 500" in text and "Bob: 500" in text and "Prizes: 100" in text
    assert f'/tournaments/{made.id}/cancel"' in text
    hand = await store.hands.begin(table.id, {alice: 500, bob: 500})
    await store.hands.settle(
        hand, {alice: 1000, bob: 0}, 'variant = "F2L3D"\nactions = []\n', {"pot": 0}
    )
    await store.tournaments.finish(made.id, alice, 100)
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f"Sit-and-go #{made.id}: final standings" in text
    assert "1. Alice: 100" in text and "2. Bob: 0" in text
    assert "/cancel" not in text
