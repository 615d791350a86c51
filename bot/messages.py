"""The message catalogue: every sentence a player sees, in five languages, by message id.

Cogs, views and the renderer never write player-facing words inline; they call
``t("not_your_turn", locale, name=...)``. The sentences live in Project Fluent files, one
per language, in ``bot/locales/<language>/`` (``deuce.ftl`` for messages, ``commands.ftl``
for the slash commands' names and descriptions): the translators' own format, with plural
forms and number formats from the CLDR (through Babel) for each language.

A locale is anything Discord sends (``discord.Locale.hungarian``, ``"sv-SE"``, ``"ru"``) or
one of ``LANGUAGES``; every other locale reads English.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "hu", "sv", "id", "ru")
"""The languages with a catalogue; English is the source and the fallback."""

DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
FILES = ("deuce.ftl", "commands.ftl")


def language_of(locale: object) -> str:
    """The catalogue language for a Discord locale (``"sv-SE"`` → ``"sv"``), English for any
    other locale or none."""
    if locale is None:
        return DEFAULT_LANGUAGE
    code = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


@cache
def bundle(language: str) -> FluentBundle:
    """The loaded catalogue of one language (read once per process)."""
    result = FluentBundle([language], use_isolating=False)
    for name in FILES:
        path = LOCALE_DIR / language / name
        if path.exists():
            result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


def has(key: str, locale: object = DEFAULT_LANGUAGE) -> bool:
    """Whether ``key`` exists in the locale's own catalogue (no English fallback)."""
    return bool(bundle(language_of(locale)).has_message(key))


def t(key: str, /, locale: object = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The sentence for ``key`` in ``locale`` (English when that language lacks it), with
    ``params`` put in: numbers (ints) are formatted for the language and select its plural
    form; strings go in as they are."""
    for language in dict.fromkeys((language_of(locale), DEFAULT_LANGUAGE)):
        catalogue = bundle(language)
        if not catalogue.has_message(key):
            continue
        message = catalogue.get_message(key)
        if message.value is None:
            continue
        text, errors = catalogue.format_pattern(message.value, params)
        if errors:
            log.error("Message %r (%s) could not be formatted: %s", key, language, errors)
        return str(text)
    log.error("Message key %r is missing from the catalogue", key)
    return key
