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
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "hu", "sv", "id", "ru")
"""The languages with a catalogue; English is the source and the fallback."""

DEFAULT_LANGUAGE = "en"
_LANGUAGE_NAMES = {name: name for name in LANGUAGES}
"""Each language's one string, so that a map of many members' languages holds five strings."""
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
FILES = ("deuce.ftl", "commands.ftl", "look.ftl", "sng.ftl", "web.ftl")


def language_of(locale: object) -> str:
    """The catalogue language for a Discord locale (``"sv-SE"`` → ``"sv"``), English for any
    other locale or none."""
    if locale is None:
        return DEFAULT_LANGUAGE
    code = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    return _LANGUAGE_NAMES.get(code.split("-", 1)[0], DEFAULT_LANGUAGE)


@cache
def bundle(language: str) -> FluentBundle:
    """The loaded catalogue of one language (read once per process, when first needed)."""
    return load_bundle(language, FILES)


def load_bundle(language: str, files: tuple[str, ...]) -> FluentBundle:
    """A catalogue of ``files`` of one language, read now."""
    result = FluentBundle([language], use_isolating=False)
    for name in files:
        path = LOCALE_DIR / language / name
        if path.exists():
            result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


_reader: ContextVar[str] = ContextVar("deuce_reader", default=DEFAULT_LANGUAGE)
"""The language of whoever reads what is being written now: the member whose interaction is
being answered (set when it arrives), or a table's channel or a player's DMs (``speaking``)."""


def set_reader(locale: object) -> None:
    """Write in this language from here on in the current task (an interaction's member)."""
    _reader.set(language_of(locale))


@contextmanager
def speaking(locale: object) -> Iterator[None]:
    """Write in ``locale``'s language inside the block (a channel, another member's DMs)."""
    token = _reader.set(language_of(locale))
    try:
        yield
    finally:
        _reader.reset(token)


def reader() -> str:
    """The language being written in now."""
    return _reader.get()


class Text:
    """A sentence to write later, in its reader's language: a channel message queued now and
    sent by the table's outbox, a DM built for another member."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Text({self.key!r})"

    def render(self, locale: object = None) -> str:
        return t(self.key, locale, **self.params)


def number(amount: int) -> str:
    """A whole number in the reader's format: ``1,200`` in English, ``1 200`` in Swedish."""
    return _number(amount, reader())


@lru_cache(maxsize=4096)
def _number(amount: int, language: str) -> str:
    return str(format_decimal(amount, locale=language))


def signed(amount: int) -> str:
    """A chip difference with its sign, in the reader's number format: ``+1,200``, ``-40``."""
    text = number(abs(amount))
    return f"+{text}" if amount > 0 else f"-{text}" if amount < 0 else text


def t(key: str, /, locale: object = None, **params: Any) -> str:
    """The sentence for ``key`` in ``locale`` (the reader's language when None; English when
    that language lacks it), with ``params`` put in: numbers (ints) are formatted for the
    language and select its plural form, a ``Text`` is written in the same language, strings
    go in as they are."""
    wanted = reader() if locale is None else language_of(locale)
    for name, value in params.items():
        if isinstance(value, Text):
            params[name] = value.render(wanted)
    items = tuple(sorted(params.items()))
    try:
        return _formatted(wanted, key, items)
    except TypeError:  # a parameter that cannot be a cache key: formatted every time
        return _formatted.__wrapped__(wanted, key, items)


@lru_cache(maxsize=8192)
def _formatted(language: str, key: str, params: tuple[tuple[str, str | int], ...]) -> str:
    """``t`` once its parameters are plain: the same sentence is formatted once (a table
    writes the same labels, names and amounts on every edit; Fluent takes tens of
    microseconds a sentence)."""
    for name in dict.fromkeys((language, DEFAULT_LANGUAGE)):
        catalogue = bundle(name)
        if not catalogue.has_message(key):
            continue
        message = catalogue.get_message(key)
        if message.value is None:
            continue
        text, errors = catalogue.format_pattern(message.value, dict(params))
        if errors:
            log.error("Message %r (%s) could not be formatted: %s", key, name, errors)
        return str(text)
    log.error("Message key %r is missing from the catalogue", key)
    return key
