"""Custom ids: every button carries table, hand (and betting position or draw), round-trips
through its DynamicItem template, and fits Discord's 100-character limit."""

from __future__ import annotations

import re

import pytest

from bot.views import (
    DYNAMIC_ITEMS,
    CardButton,
    DrawButton,
    PlainView,
    PrefoldButton,
    TableButton,
    card_button_id,
    draw_button_id,
    prefold_button_id,
    show_button_id,
    table_button_id,
)

BIG = 2**63 - 1


def pattern(item: type) -> re.Pattern[str]:
    return item.__discord_ui_compiled_template__  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("action", ["fold", "call", "raise", "cards"])
async def test_table_button_round_trip(action: str) -> None:
    custom_id = table_button_id(7, BIG, 42, action)
    assert custom_id.startswith("deuce:")
    assert len(custom_id) <= 100
    match = pattern(TableButton).fullmatch(custom_id)
    assert match is not None
    item = await TableButton.from_custom_id(None, None, match)  # type: ignore[arg-type]
    assert (item.table_id, item.hand_id, item.seq, item.action) == (7, BIG, 42, action)
    assert item.item.custom_id == custom_id


async def test_card_and_draw_buttons_round_trip() -> None:
    for index in range(5):
        custom_id = card_button_id(3, 99, 2, index)
        match = pattern(CardButton).fullmatch(custom_id)
        assert match is not None
        item = await CardButton.from_custom_id(None, None, match)  # type: ignore[arg-type]
        assert (item.table_id, item.hand_id, item.draw, item.index) == (3, 99, 2, index)
    for what in ("draw", "pat"):
        custom_id = draw_button_id(3, 99, 3, what)
        match = pattern(DrawButton).fullmatch(custom_id)
        assert match is not None
        drawn = await DrawButton.from_custom_id(None, None, match)  # type: ignore[arg-type]
        assert (drawn.hand_id, drawn.draw, drawn.what) == (99, 3, what)
    match = pattern(PrefoldButton).fullmatch(prefold_button_id(3, 99))
    assert match is not None


def test_templates_do_not_overlap_and_refuse_junk() -> None:
    ids = [
        table_button_id(1, 2, 3, "fold"),
        card_button_id(1, 2, 1, 4),
        draw_button_id(1, 2, 1, "pat"),
        prefold_button_id(1, 2),
        show_button_id(1, 2),
    ]
    for custom_id in ids:
        matching = [item for item in DYNAMIC_ITEMS if pattern(item).fullmatch(custom_id)]
        assert len(matching) == 1, custom_id
    for junk in (
        "deuce:t:1:2:3:allin",
        "deuce:c:1:2:1:5",
        "deuce:d:x:2:1:draw",
        "other:t:1:2:3:fold",
    ):
        assert not any(pattern(item).fullmatch(junk) for item in DYNAMIC_ITEMS)


def test_plain_view_is_never_stored() -> None:
    view = PlainView()
    view.add_item(TableButton(1, 2, 3, "fold", label="Fold"))
    assert view.timeout is None
    assert view.is_dispatchable() is False
