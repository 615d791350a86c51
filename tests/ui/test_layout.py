"""The Components V2 builder: what discord.py sends for a ``PlainLayout`` (the V2 flag, the
components as built, no view stored) and the counts Discord's limits are checked against."""

from __future__ import annotations

import discord
import pytest

from bot.ui.layout import (
    MAX_COMPONENTS,
    PlainLayout,
    container,
    count_components,
    gallery,
    notice,
    rows,
    separator,
    text,
    text_length,
)


def button(custom_id: str, row: int | None = None) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=custom_id, custom_id=custom_id, row=row)


def test_discord_py_sends_a_plain_layout_with_the_v2_flag_and_its_components_as_built() -> None:
    layout = PlainLayout(
        [
            container(
                [
                    text("**Seats**\n`1` alice 400"),
                    separator(),
                    gallery("attachment://c.png", "cards"),
                ],
                0x1F8B4C,
            )
        ]
    )
    params = discord.http.handle_message_parameters(view=layout)
    payload = params.payload
    assert payload is not None
    assert payload["flags"] == discord.MessageFlags(components_v2=True).value
    assert payload["components"] == layout.to_components()
    assert "embeds" not in payload and "content" not in payload
    # never stored by discord.py's view store: the router dispatches every click once
    assert layout.is_finished() and not layout.is_dispatchable()


def test_buttons_fill_rows_of_five_and_keep_the_row_they_ask_for() -> None:
    laid = rows([button(f"b{i}") for i in range(7)] + [button("bet", row=2)])
    assert [[c["custom_id"] for c in row["components"]] for row in laid] == [
        ["b0", "b1", "b2", "b3", "b4"],
        ["b5", "b6"],
        ["bet"],
    ]
    with pytest.raises(ValueError, match="row 2"):
        rows([button(f"r{i}", row=2) for i in range(6)])


def test_counts_are_discords_nested_components_and_text_characters() -> None:
    components = [
        container([text("abc"), separator(), *rows([button("x"), button("y")])]),
        text("de"),
    ]
    # container, text, separator, row, 2 buttons, text
    assert count_components(components) == 7
    assert text_length(components) == 5
    assert count_components(notice("moved").to_components()) == 2
    assert MAX_COMPONENTS == 40
