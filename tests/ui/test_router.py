"""The router: every dealer custom id goes to its one handler, a forged or unknown ``deuce:``
id is refused privately and reaches no handler, and whatever a handler raises becomes one
private answer (an unexpected error also one logged traceback)."""

from __future__ import annotations

import logging
import re
from typing import Any, cast

import discord
import pytest

from bot.features.lobby import listing as lobby
from bot.features.mtt import buttons as mtt
from bot.features.mtt import lobby as mtt_lobby
from bot.features.replay import viewer as replay
from bot.features.sitngo import buttons as sitngo
from bot.messages import t
from bot.replies import Refused
from bot.store.errors import StoreError
from bot.table import buttons
from bot.table.render import replay as replay_render
from bot.table.render import standings as sng_render
from bot.ui.router import Route, Router, kind_of
from bot.ui.routes import ROUTER
from tests.table._helpers import FakeInteraction

EVERY_ID = {
    buttons.table_button_id(7, 2, 3, "call"): buttons.TableButton.clicked,
    buttons.table_button_id(7, 2, 3, "foldx"): buttons.TableButton.clicked,
    buttons.card_button_id(7, 2, 1, 4): buttons.CardButton.clicked,
    buttons.draw_button_id(7, 2, 1, "pat"): buttons.DrawButton.clicked,
    buttons.prefold_button_id(7, 2): buttons.PrefoldButton.clicked,
    buttons.show_button_id(7, 2): buttons.ShowButton.clicked,
    replay_render.step_button_id(2, 3, "n"): replay.step_clicked,
    replay_render.open_button_id(2): replay.replay_clicked,
    replay_render.street_button_id(2, 4): replay.step_clicked,
    lobby.SELECT_ID: lobby.table_chosen,
    lobby.join_button_id(7): lobby.join_clicked,
    lobby.page_button_id(1, "n"): lobby.page_clicked,
    sng_render.register_button_id(5, "r"): sitngo.registration_clicked,
    sng_render.register_button_id(5, "u"): sitngo.registration_clicked,
    mtt_lobby.register_button_id(5, "r"): mtt.lobby_clicked,
    mtt_lobby.register_button_id(5, "u"): mtt.lobby_clicked,
}
"""One custom id of each dealer component, as its builder makes it, and its handler."""

FORGED = (
    "deuce:t:7:2:3:allin",
    "deuce:t:7:2:3",
    "deuce:c:7:2:1:5",
    "deuce:d:x:2:1:draw",
    "deuce:r:2:3",
    "deuce:r:2:s5",
    "deuce:r:2:s",
    "deuce:r:2:3:s1",
    "deuce:r:2:s1:n",
    "deuce:lj:",
    "deuce:lsx",
    "deuce:sx:5",
    "deuce:mr:x",
    "deuce:mu:5:6",
    "deuce:zz:1",
    "deuce:",
    "deuce",
)


def click(custom_id: str, *, guild: bool = True) -> FakeInteraction:
    interaction = FakeInteraction(11, 30)
    interaction.type = discord.InteractionType.component
    interaction.data = {"custom_id": custom_id, "component_type": 2}
    if not guild:
        interaction.guild_id = None  # type: ignore[assignment]
    return interaction


def recording_router(seen: list[tuple[str, str]], *, fail: Exception | None = None) -> Router:
    """The real routes, each handler replaced by one recording (kind, clicked id)."""

    def recorder(kind: str) -> Any:
        async def handler(interaction: Any, match: re.Match[str]) -> None:
            seen.append((kind, match.string))
            if fail is not None:
                raise fail

        return handler

    return Router(
        Route(r.kind, r.pattern, recorder(r.kind), r.guild_only) for r in ROUTER.routes.values()
    )


def test_every_dealer_id_has_its_one_route_and_every_route_is_used() -> None:
    kinds = set()
    for custom_id, handler in EVERY_ID.items():
        found = ROUTER.route_of(custom_id)
        assert found is not None, custom_id
        route, _match = found
        assert route.handler == handler, custom_id
        matching = [r for r in ROUTER.routes.values() if r.pattern.fullmatch(custom_id)]
        assert len(matching) == 1 or {r.handler for r in matching} == {handler}, custom_id
        kinds.add(route.kind)
    assert kinds == set(ROUTER.routes)


async def test_the_router_sends_each_click_to_its_handler_once() -> None:
    seen: list[tuple[str, str]] = []
    router = recording_router(seen)
    for custom_id in EVERY_ID:
        interaction = click(custom_id)
        assert await router.dispatch(cast("discord.Interaction[Any]", interaction))
        assert seen.pop() == (kind_of(custom_id), custom_id)
        assert seen == [] and interaction.answers == []


@pytest.mark.parametrize("custom_id", FORGED)
async def test_a_forged_or_unknown_dealer_id_is_refused_privately_and_reaches_no_handler(
    custom_id: str,
) -> None:
    seen: list[tuple[str, str]] = []
    interaction = click(custom_id)
    handled = await recording_router(seen).dispatch(cast("discord.Interaction[Any]", interaction))
    if custom_id == "deuce":  # not a dealer id at all
        assert not handled and interaction.answers == []
    else:
        assert handled
        assert interaction.private_text == t("button_unknown")
    assert seen == []


async def test_ids_that_are_not_the_dealers_and_commands_are_left_alone() -> None:
    seen: list[tuple[str, str]] = []
    router = recording_router(seen)
    for custom_id in ("other:t:7:2:3:call", "", "Deuce:t:7:2:3:call"):
        interaction = click(custom_id)
        assert not await router.dispatch(cast("discord.Interaction[Any]", interaction))
        assert interaction.answers == []
    command = click(buttons.table_button_id(7, 2, 3, "call"))
    command.type = discord.InteractionType.application_command
    assert not await router.dispatch(cast("discord.Interaction[Any]", command))
    assert seen == [] and command.answers == []


async def test_a_server_only_click_in_a_dm_is_refused_before_its_handler() -> None:
    seen: list[tuple[str, str]] = []
    router = recording_router(seen)
    for custom_id in (replay_render.open_button_id(2), lobby.join_button_id(7)):
        interaction = click(custom_id, guild=False)
        assert await router.dispatch(cast("discord.Interaction[Any]", interaction))
        assert interaction.private_text == t("guild_only")
    assert seen == []


@pytest.mark.parametrize(
    "error", [Refused("not now"), StoreError("not now")], ids=["refused", "store"]
)
async def test_an_expected_failure_in_any_handler_is_its_private_sentence(
    error: Exception, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[tuple[str, str]] = []
    router = recording_router(seen, fail=error)
    caplog.set_level(logging.WARNING)
    for custom_id in EVERY_ID:
        interaction = click(custom_id)
        assert await router.dispatch(cast("discord.Interaction[Any]", interaction))
        assert interaction.private_text == "not now"
    assert len(seen) == len(EVERY_ID)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_unexpected_failure_is_excused_privately_with_one_logged_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    seen: list[tuple[str, str]] = []
    router = recording_router(seen, fail=RuntimeError("boom"))
    caplog.set_level(logging.DEBUG)
    for custom_id in EVERY_ID:
        caplog.clear()
        interaction = click(custom_id)
        assert await router.dispatch(cast("discord.Interaction[Any]", interaction))
        assert interaction.private_text == t("error_generic")
        assert len(interaction.answers) == 1
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and errors[0].exc_info is not None, custom_id
        assert custom_id in errors[0].getMessage()


def test_two_routes_for_one_kind_are_refused() -> None:
    route = ROUTER.routes["t"]
    with pytest.raises(ValueError, match="two routes"):
        Router((route, route))
