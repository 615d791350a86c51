"""Where a click on a dealer component goes: one table from the custom id's kind to its
handler, and one error wrapper around every handler.

Every dealer component carries a ``custom_id`` ``deuce:<kind>:...`` (``deuce:t:...`` a table
button, ``deuce:rp:...`` a Replay button...). The client's ``on_interaction`` hands each
component interaction to ``Router.dispatch``, which reads the id from the interaction's
``data``, finds the route of its kind and checks the whole id against the route's pattern
(so a forged or unknown ``deuce:`` id is refused privately and reaches no handler), then runs
the handler with the match. discord.py itself never dispatches these clicks: the dealer
registers no view or dynamic item with it (``bot/ui/views.py``), so each click is handled
exactly once, here.

Whatever a handler raises becomes a private answer (``bot.replies.answer_failure``): an
expected refusal its sentence, anything else logged and excused, never "This interaction
failed".
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.messages import set_reader, t
from bot.replies import Refused, answer_failure, unlink_interaction
from bot.ui.answering import answering

PREFIX = "deuce:"

Handler = Callable[[discord.Interaction[Any], re.Match[str]], Awaitable[None]]
"""A click's handler: the interaction, and the match of its custom id against the route."""


@dataclass(frozen=True, slots=True)
class Route:
    """The custom ids of one kind (``deuce:<kind>`` or ``deuce:<kind>:...``): the pattern a
    whole id must match, the handler of its clicks, and whether they act in a server only
    (a click in a DM is then refused with the "servers only" sentence)."""

    kind: str
    pattern: re.Pattern[str]
    handler: Handler
    guild_only: bool = False


def kind_of(custom_id: str) -> str | None:
    """The kind of a dealer custom id (``deuce:t:1:2`` → ``t``), None for any other id."""
    if not custom_id.startswith(PREFIX):
        return None
    return custom_id[len(PREFIX) :].partition(":")[0]


class Router:
    """The routes of every dealer component, by kind (one route a kind)."""

    def __init__(self, routes: Iterable[Route]) -> None:
        self.routes: dict[str, Route] = {}
        for route in routes:
            if route.kind in self.routes:
                raise ValueError(f"two routes for deuce:{route.kind}")
            self.routes[route.kind] = route

    def route_of(self, custom_id: str) -> tuple[Route, re.Match[str]] | None:
        """The route that takes ``custom_id`` and the id's match, None when none does."""
        kind = kind_of(custom_id)
        route = None if kind is None else self.routes.get(kind)
        match = None if route is None else route.pattern.fullmatch(custom_id)
        if route is None or match is None:
            return None
        return route, match

    async def dispatch(self, interaction: discord.Interaction[Any]) -> bool:
        """Handle a click on a dealer component (False: not one, left alone). A ``deuce:`` id
        no route takes is answered privately that the button is no longer in use."""
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id")
        if interaction.type is not discord.InteractionType.component or not isinstance(
            custom_id, str
        ):
            return False
        if kind_of(custom_id) is None:
            return False
        set_reader(interaction.locale)
        try:
            found = self.route_of(custom_id)
            if found is None:
                raise Refused(t("button_unknown"))
            route, match = found
            if route.guild_only and interaction.guild_id is None:
                raise Refused(t("guild_only"))
            with answering().click():
                await route.handler(interaction, match)
        except Exception as error:
            await answer_failure(interaction, error, f"the click {custom_id}")
        finally:
            unlink_interaction(interaction)
        return True
