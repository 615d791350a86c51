"""The catalogues of every language against English: the same message ids, the same
placeholders, plural forms that format for 1, 2, 5, 21 and 0, command names Discord accepts,
and no id the code never uses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.messages import FILES, LANGUAGES, bundle, plain_texts, t
from tests.i18n._catalogue import messages, variables

ROOT = Path(__file__).resolve().parents[2]
OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]
COUNTS = (1, 2, 5, 21, 0)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("file", FILES)
@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_same_ids_and_placeholders_as_english(language: str, file: str) -> None:
    english = messages("en", file)
    other = messages(language, file)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}/{file}"
    assert sorted(set(other) - set(english)) == [], f"not in English, in {language}/{file}"
    for key, message in english.items():
        want = variables(message).names
        got = variables(other[key]).names
        assert got == want, f"{language}/{file} {key}: placeholders {got}, English has {want}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_formats_for_each_count(language: str) -> None:
    catalogue = bundle(language)
    checked = 0
    for file in FILES:
        for key, message in messages(language, file).items():
            found = variables(message)
            for selector in found.selectors:
                for count in COUNTS:
                    params: dict[str, object] = {name: "x" for name in found.names}
                    params[selector] = count
                    text, errors = catalogue.format_pattern(
                        catalogue.get_message(key).value, params
                    )
                    assert not errors, f"{language} {key} with {selector}={count}: {errors}"
                    assert "{" not in text and text.strip(), f"{language} {key}: {text!r}"
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_are_valid_for_discord(language: str) -> None:
    commands = messages(language, "commands.ftl")
    catalogue = bundle(language)
    siblings: dict[str, set[str]] = {}
    for key in commands:
        text, errors = catalogue.format_pattern(catalogue.get_message(key).value, {})
        assert not errors
        if key.endswith("-desc") or key.startswith("choice-"):
            assert 1 <= len(text) <= 100, f"{language} {key}: {len(text)} characters"
            continue
        assert COMMAND_NAME.match(text) and text == text.lower(), f"{language} {key}: {text!r}"
        parent = key.rsplit("-", 1)[0]
        assert text not in siblings.setdefault(parent, set()), f"{language} {key}: {text} twice"
        siblings[parent].add(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_commands_read_as_plain_text_are_what_fluent_writes(language: str) -> None:
    """The translator reads ``commands.ftl`` as plain text, without Fluent: every command
    string there must be plain text, the same as Fluent formats it."""
    catalogue = bundle(language)
    written = {
        key: catalogue.format_pattern(catalogue.get_message(key).value, {})
        for key in messages(language, "commands.ftl")
    }
    assert plain_texts(language, "commands.ftl") == {
        key: text for key, (text, errors) in written.items() if not errors
    }
    assert len(written) > 100


def test_every_english_message_is_used_by_the_code() -> None:
    code = "\n".join(
        path.read_text(encoding="utf-8")
        for folder in ("bot", "cogs")
        for path in (ROOT / folder).rglob("*.py")
    )
    used = set(re.findall(r"""["']([a-z][a-z0-9_]*)["']""", code))
    # Every file the bot loads but commands.ftl, whose ids the translator builds from the tree.
    english = {key for file in FILES if file != "commands.ftl" for key in messages("en", file)}
    unused = sorted(english - used)
    assert unused == [], f"message ids no code names: {unused}"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["1 chip.", "2 chips.", "5 chips.", "21 chips.", "0 chips."]),
        ("hu", ["1 zsetonodba", "2 zsetonodba", "5 zsetonodba", "21 zsetonodba", "0 zsetonodba"]),
        ("sv", ["1 mark.", "2 marker.", "5 marker.", "21 marker.", "0 marker."]),
        ("id", ["1 chip.", "2 chip.", "5 chip.", "21 chip.", "0 chip."]),
        ("ru", ["1 фишку.", "2 фишки.", "5 фишек.", "21 фишку.", "0 фишек."]),
    ],
)
def test_chips_take_each_languages_plural_form(language: str, words: list[str]) -> None:
    """Russian has three forms after a number (1 фишку, 2 фишки, 5 фишек, 21 фишку); Hungarian
    and Indonesian nouns stay singular after one; English and Swedish have two."""
    for count, word in zip(COUNTS, words, strict=True):
        assert word in t("panel_lost", language, amount=count)


def test_numbers_follow_each_languages_format() -> None:
    assert t("panel_lost", "en", amount=12345) == "This hand cost you 12,345 chips."
    assert "12\xa0345" in t("panel_lost", "ru", amount=12345)
    assert "12.345" in t("panel_lost", "id", amount=12345)
