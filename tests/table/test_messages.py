"""The message catalogue: every key the code uses exists and formats."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.messages import t
from tests.i18n._catalogue import messages, variables

CATALOGUE = {
    **messages("en", "deuce.ftl"),
    **messages("en", "commands.ftl"),
    **messages("en", "look.ftl"),
    **messages("en", "sng.ftl"),
    **messages("en", "fairplay.ftl"),
    **messages("en", "web.ftl"),
}
EN = set(CATALOGUE)

REPO_ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((REPO_ROOT / "bot").rglob("*.py")),
    *sorted((REPO_ROOT / "cogs").rglob("*.py")),
]
"""Where the catalogue is used: every module, in every package (the engine and the store
never speak, so they add nothing)."""
KEY_USE = re.compile(r"""\b(?:t|Text)\(\s*["']([a-z0-9_]+)["']""")
KEY_LITERAL = re.compile(r"""["']([a-z][a-z0-9_]+)["']""")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in SOURCES:
        keys.update(KEY_USE.findall(path.read_text()))
    return keys


def test_sources_were_found() -> None:
    assert any(p.name == "session.py" for p in SOURCES)
    assert any(p.name == "replies.py" for p in SOURCES)
    # the packages too: features, the UI layer, the table's I/O and renderers, cog packages
    for folder in ("features", "ui", "io", "render", "admin", "poker"):
        assert any(folder in p.relative_to(REPO_ROOT).parts[:-1] for p in SOURCES), folder
    assert len(used_keys()) > 30


@pytest.mark.parametrize("key", sorted(used_keys()))
def test_every_used_key_exists(key: str) -> None:
    assert key in EN


def test_keys_passed_indirectly_exist() -> None:
    """Keys chosen at run time (``t(refusal)``, ``t(key)``) come from string literals."""
    indirect = {
        "hand_over",
        "not_in_hand",
        "panel_folded",
        "already_done",
        "draw_finished",
        "table_moved",
        "kicked",
        "kick_after_hand",
        "stakes_set_channel",
        "stakes_set_server",
    }
    assert indirect <= set(EN)
    # the click checks name them, in the session or in the table rules
    table = REPO_ROOT / "bot" / "table"
    click_checks = "".join((table / name).read_text() for name in ("session.py", "seating.py"))
    for key in ("hand_over", "not_in_hand", "panel_folded"):
        assert f'"{key}"' in click_checks


@pytest.mark.parametrize("key", sorted(EN))
def test_every_message_formats_with_its_fields(key: str) -> None:
    message = CATALOGUE[key]
    params = {name: 2 for name in variables(message).names}
    text = t(key, **params)
    assert text and "{" not in text and "Unknown" not in text


def test_a_missing_key_or_param_does_not_raise() -> None:
    assert t("no_such_key_anywhere") == "no_such_key_anywhere"
    assert "turn" in t("not_your_turn")


def test_not_your_turn_names_the_player() -> None:
    assert "Alice" in t("not_your_turn", name="Alice")


def test_rules_cover_the_heads_up_blinds_and_the_table_settings() -> None:
    """RULES.md: heads-up the button posts the small blind (not the player left of it)."""
    body = t("rules_body", cap=3, timer=30)
    assert "heads-up, the button posts the small blind" in body
    assert "at most 3 bets" in body and "30 s" in body


def test_a_decimal_is_written_as_the_reader_writes_it() -> None:
    from bot.messages import decimal, speaking

    assert decimal(1234.56) == "1,234.6" and decimal(6) == "6.0"
    with speaking("sv-SE"):
        assert decimal(1234.56) == "1\xa0234,6" and decimal(6) == "6,0"
    with speaking("id"):
        assert decimal(1234.56) == "1.234,6"
