"""The message catalogue: every sentence a player sees, in five languages, by message id.

Cogs, views and the renderer never write player-facing words inline; they call
``t("not_your_turn", locale, name=...)``. The sentences live in Project Fluent files, one
per language, in ``bot/locales/<language>/`` (``deuce.ftl`` for messages, ``commands.ftl``
for the slash commands' names and descriptions): the translators' own format, with plural
forms and number formats from the CLDR (through Babel) for each language.

A locale is anything Discord sends (``discord.Locale.hungarian``, ``"sv-SE"``, ``"ru"``) or
one of ``LANGUAGES``; every other locale reads English.

A sentence that names a slash command names it by a variable spelled like the command's
catalogue id, ``{ $cmd-poker-join }``, which ``t`` fills by itself with ``command``: the
command's mention (``</poker join:ID>``), which Discord shows clickable and in each reader's
own language, once the client knows the commands' ids (``set_command_ids``); until then the
command as typed in the sentence's language (``/poker sätt-dig``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "hu", "sv", "id", "ru")
"""The languages with a catalogue; English is the source and the fallback."""

DEFAULT_LANGUAGE = "en"
_LANGUAGE_NAMES = {name: name for name in LANGUAGES}
"""Each language's one string, so that a map of many members' languages holds five strings."""
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
FILES = ("deuce.ftl", "commands.ftl", "look.ftl", "sng.ftl", "fairplay.ftl", "web.ftl")


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
    return _bundle_of(language, _catalogue(language))


@cache
def _catalogue(language: str) -> tuple[ast.Resource, ...]:
    """The parsed files of one language's catalogue, parsed once per process for its
    ``bundle`` and the commands its messages name (a parse of every file costs a tenth of a
    second of CPU)."""
    return _parsed(language, FILES)


def _parsed(language: str, files: tuple[str, ...]) -> tuple[ast.Resource, ...]:
    """``files`` of one language (those it has), parsed now, without the source positions
    Fluent's parser keeps for tools by default (half of a parsed catalogue's memory: 5 MiB of
    11 over the five languages)."""
    paths = [LOCALE_DIR / language / name for name in files]
    parser = FluentParser(with_spans=False)
    return tuple(parser.parse(p.read_text(encoding="utf-8")) for p in paths if p.exists())


def _bundle_of(language: str, resources: tuple[ast.Resource, ...]) -> FluentBundle:
    """A catalogue of one language made of parsed files."""
    result = FluentBundle([language], use_isolating=False)
    for resource in resources:
        result.add_resource(resource)
    return result


def plain_texts(language: str, file: str) -> dict[str, str]:
    """The messages of one file of one language that are plain text (no placeable), by id,
    read now. No ``FluentBundle``: a bundle loads Babel's data of its language (1 to 2 MiB)
    for plural forms and numbers, which plain text never needs."""
    return {
        entry.id.name: entry.value.elements[0].value
        for resource in _parsed(language, (file,))
        for entry in resource.body
        if isinstance(entry, ast.Message)
        and entry.value is not None
        and len(entry.value.elements) == 1
        and isinstance(entry.value.elements[0], ast.TextElement)
    }


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


def decimal(value: float) -> str:
    """A number to one decimal place in the reader's format: ``1,234.5`` in English,
    ``1 234,5`` in Swedish (``t`` formats only whole numbers)."""
    return _decimal(round(value, 1), reader())


@lru_cache(maxsize=1024)
def _decimal(value: float, language: str) -> str:
    return str(format_decimal(value, format="#,##0.0", locale=language))


def duration(seconds: float, *, round_up: bool = False) -> str:
    """A span of time as a person writes it, in the reader's language: ``1 min``,
    ``2 h 5 min``, ``3 h`` (never ``0 h 01 min``). A wait rounds up, to the second under a
    minute (``45 s``), so nobody is told too early; time gone by counts whole minutes."""
    whole = max(0, int(seconds))
    if round_up and whole < 60:
        return t("duration_seconds", seconds=whole)
    minutes = -(-whole // 60) if round_up else whole // 60
    return t("duration", hours=minutes // 60, minutes=minutes % 60)


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
    for name in _commands_named(wanted, key):
        params.setdefault(name, command(name.removeprefix(COMMAND_PREFIX), wanted))
    for name, value in params.items():
        if isinstance(value, Text):
            params[name] = value.render(wanted)
    items = tuple(sorted(params.items()))
    try:
        return _formatted(wanted, key, items)
    except TypeError:  # a parameter that cannot be a cache key: formatted every time
        return _formatted.__wrapped__(wanted, key, items)


@lru_cache(maxsize=4096)
def _formatted(language: str, key: str, params: tuple[tuple[str, str | int], ...]) -> str:
    """``t`` once its parameters are plain: the same sentence is formatted once (a table
    writes the same labels, names and amounts on every edit; Fluent takes tens of
    microseconds a sentence). At 200 busy tables 4,096 sentences are found again in 96.7% of
    the calls and hold 2.2 MiB; 8,192 in 97.4%, holding 4.8 MiB (``bench_load --probe``,
    ``DEUCE_PROBE_CACHES=1``)."""
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


# -- commands named in sentences ---------------------------------------------------------

COMMAND_PREFIX = "cmd-"
"""A sentence's variable that names a command: the command's catalogue id (commands.ftl)."""

_command_ids: dict[str, int] = {}
"""The id Discord gave each top-level command (``poker``, ``chips``, ``pokeradmin``)."""


def set_command_ids(ids: Mapping[str, int]) -> None:
    """The top-level commands' ids, as Discord knows them (the client, after its sync):
    sentences name commands by their mentions from now on."""
    if dict(ids) == _command_ids:
        return
    _command_ids.clear()
    _command_ids.update(ids)
    _formatted.cache_clear()


def command_ids() -> dict[str, int]:
    """The top-level commands' ids known so far (none before the client asked Discord)."""
    return dict(_command_ids)


def command(path: str, /, locale: object = None) -> str:
    """A command for a reader to click or type, ``path`` being its catalogue id without
    ``cmd-`` (``poker-join``, ``poker-sng-show``): its mention once its id is known (Discord
    shows it in the reader's language), else ``/`` and its name in ``locale``'s language
    (the reader's when None)."""
    language = reader() if locale is None else language_of(locale)
    english = command_words(path, DEFAULT_LANGUAGE)
    command_id = _command_ids.get(english[0]) if english else None
    if command_id is not None:
        return f"</{' '.join(english)}:{command_id}>"
    return "/" + " ".join(command_words(path, language) or english or [path])


@lru_cache(maxsize=1024)
def _command_words_cached(path: str, language: str) -> tuple[str, ...]:
    catalogue = bundle(language)
    english = bundle(DEFAULT_LANGUAGE)
    words: list[str] = []
    key = COMMAND_PREFIX.rstrip("-")
    for part in path.split("-"):
        key = f"{key}-{part}"
        if not english.has_message(key):  # a name with a dash or an underscore goes on
            continue
        source = catalogue if catalogue.has_message(key) else english
        value = source.get_message(key).value
        if value is None:
            return ()
        text, errors = source.format_pattern(value, {})
        if errors:
            return ()
        words.append(str(text))
    return tuple(words) if key == f"{COMMAND_PREFIX}{path}" and words else ()


def command_words(path: str, language: str) -> list[str]:
    """The words of the command ``path`` (``poker-sng-show``) in ``language``
    (``["poker", "sng", "visa"]``), English where the language has none; none for a path
    that is no command of the catalogue."""
    return list(_command_words_cached(path, language))


class _CommandVariables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        if node.id.name.startswith(COMMAND_PREFIX):
            self.names.add(node.id.name)


@cache
def _command_variables(language: str) -> dict[str, tuple[str, ...]]:
    """The commands each message of ``language`` names (its ``cmd-`` variables)."""
    found: dict[str, tuple[str, ...]] = {}
    for resource in _catalogue(language):
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                visitor = _CommandVariables()
                visitor.visit(entry)
                if visitor.names:
                    found[entry.id.name] = tuple(sorted(visitor.names))
    return found


def _commands_named(language: str, key: str) -> tuple[str, ...]:
    """The command variables of the message ``key`` as ``t`` will write it (the language's,
    or English's when the language lacks it)."""
    named = _command_variables(language).get(key)
    if named is None and not bundle(language).has_message(key):
        named = _command_variables(DEFAULT_LANGUAGE).get(key)
    return named or ()
