"""The server's settings as a form (``bot.web.settings_form``, ``pages/settings.py``): a field
per declared setting, every value checked as the slash commands check it (the declaration's
range or choices, the deployment's floors, the settings' relations in the store), a refusal
that says why beside its field and changes nothing; Manage Server and the CSRF token on every
post. Without a browser: the application on a real store, Discord and the tables faked."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient

from bot.messages import LANGUAGES, bundle
from bot.store import InvalidSetting
from bot.store.models import DEFAULT_SETTINGS, SERVER_SETTINGS
from bot.web.auth import csrf_of
from bot.web.settings_form import LABELS, Refusal, fields, read_form
from tests.web.site import ADMIN, GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]


def test_every_declared_setting_is_a_field_with_a_label_in_every_language() -> None:
    assert [f.name for f in fields({})] == [spec.name for spec in SERVER_SETTINGS]
    assert set(LABELS) == {spec.name for spec in SERVER_SETTINGS}
    for language in ("en", "hu", "ru", "sv", "id"):
        assert all(bundle(language).has_message(key) for key in LABELS.values()), language
    cap = next(f for f in fields({}) if f.name == "cap")
    assert (cap.minimum, cap.maximum, cap.default) == (1, 10, "4")
    timer = next(f for f in fields({"action_timer": 1}) if f.name == "action_timer")
    assert timer.minimum == 1  # the deployment's floor, as /pokeradmin timer's range
    language = next(f for f in fields({}) if f.name == "language")
    assert [c.value for c in language.choices] == ["", *LANGUAGES]
    assert language.choices[0].label == "the server's Discord language"


@pytest.mark.parametrize(
    ("posted", "setting", "why"),
    [
        ({"cap": "11"}, "cap", "The amount must be between 1 and 10."),
        ({"cap": "0"}, "cap", "The amount must be between 1 and 10."),
        ({"cap": "three"}, "cap", "The amount must be a whole number of chips."),
        ({"cap": "4.5"}, "cap", "The amount must be a whole number of chips."),
        ({"cap": ""}, "cap", "The amount must be a whole number of chips."),
        ({"small_bet": "1" * 30}, "small_bet", "That is not one of this setting's values."),
        ({"action_timer": "5"}, "action_timer", "The amount must be between 10 and 600."),
        ({"card_style": "purple"}, "card_style", "That is not one of this setting's values."),
        ({"language": "xx"}, "language", "That is not one of this setting's values."),
        ({"sng_members": "2"}, "sng_members", "The amount must be between 0 and 1."),
    ],
)
def test_a_value_outside_its_declaration_is_refused_naming_it(
    posted: dict[str, str], setting: str, why: str
) -> None:
    assert read_form(posted, DEFAULT_SETTINGS, {}) == Refusal(setting, why)


def test_only_the_values_that_change_are_read() -> None:
    unchanged = {f.name: f.default for f in fields({})}
    assert read_form(unchanged, DEFAULT_SETTINGS, {}) == {}
    changed = {**unchanged, "cap": " 3 ", "small_blind": "2", "language": "hu"}
    assert read_form(changed, DEFAULT_SETTINGS, {}) == {
        "cap": 3,
        "small_blind": 2,
        "language": "hu",
    }
    assert read_form({"action_timer": "5"}, DEFAULT_SETTINGS, {"action_timer": 1}) == {
        "action_timer": 5
    }


async def test_the_store_refuses_settings_that_disagree_and_writes_nothing(
    site: Site,
) -> None:
    _client, store, _api, _tables = site
    for values, blamed in (
        ({"buyin_min": 3000}, "buyin_min"),
        ({"buyin_default": 5000}, "buyin_default"),
        ({"small_bet": 4, "small_blind": 4}, "small_blind"),
        ({"time_bank": 100}, "time_bank_max"),
    ):
        with pytest.raises(InvalidSetting) as refused:
            await store.settings.set(GUILD, values)
        assert refused.value.setting == blamed
    assert await store.settings.server(GUILD) == DEFAULT_SETTINGS


async def post_settings(client: TestClient, cookie: str | None, guild: int, **values: str) -> str:
    form = {"csrf": csrf_of(cookie) if cookie else "0" * 64, **values}
    response = await client.post(f"/servers/{guild}/settings", data=form, allow_redirects=False)
    return f"{response.status} {await response.text()}"


async def test_the_form_shows_every_setting_and_a_change_is_saved(site: Site) -> None:
    client, store, _api, tables = site
    cookie = await sign_in(client, store)
    page = await client.get(f"/servers/{GUILD}/settings")
    text = await page.text()
    assert page.status == 200
    for spec in SERVER_SETTINGS:
        assert f'name="{spec.name}"' in text
    assert re.search(r'name="cap" type="number"[^>]* min="1" max="10" value="4"', text)
    saved = await client.post(
        f"/servers/{GUILD}/settings",
        data={"csrf": csrf_of(cookie), "cap": "3", "buyin_default": "500"},
        allow_redirects=False,
    )
    assert saved.status == 303
    assert saved.headers["Location"] == f"/servers/{GUILD}/settings?saved=2"
    server = await store.settings.server(GUILD)
    assert (server.cap, server.buyin_default, server.buyin_max) == (3, 500, 2000)
    assert tables.settings_changes == [GUILD]
    again = await client.get(f"/servers/{GUILD}/settings?saved=2")
    assert "2 settings changed." in await again.text()


async def test_a_refused_change_says_why_and_changes_nothing(site: Site) -> None:
    client, store, _api, tables = site
    cookie = await sign_in(client, store)
    answer = await post_settings(client, cookie, GUILD, cap="3", buyin_min="5000")
    assert answer.startswith("400 ")
    assert "The minimum buy-in (5,000) cannot be above the maximum (2,000)." in answer
    assert '<tr class="blamed"><th scope="row"><label for="buyin_min">' in answer
    assert 'name="buyin_min" type="number" inputmode="numeric" step="1" min="1"' in answer
    assert 'value="5000"' in answer  # the admin's value kept in the form, to correct
    answer = await post_settings(client, cookie, GUILD, cap="3", seats="11")
    assert answer.startswith("400 ") and "The amount must be between 2 and 10." in answer
    assert await store.settings.server(GUILD) == DEFAULT_SETTINGS
    assert tables.settings_changes == []


async def test_a_forged_post_a_member_without_manage_server_and_another_server_are_refused(
    site: Site,
) -> None:
    client, store, api, tables = site
    cookie = await sign_in(client, store)
    assert (await post_settings(client, None, GUILD, cap="3")).startswith("403 ")
    assert (await post_settings(client, cookie, OTHER, cap="3")).startswith("404 ")
    assert (await client.get(f"/servers/{OTHER}/settings")).status == 404
    api.managers.discard((GUILD, ADMIN))
    assert (await client.get(f"/servers/{GUILD}/settings")).status == 403
    refused = await post_settings(client, cookie, GUILD, cap="3")
    assert refused.startswith("403 ") and "Manage Server" in refused
    assert await store.settings.server(GUILD) == DEFAULT_SETTINGS
    assert tables.settings_changes == []
