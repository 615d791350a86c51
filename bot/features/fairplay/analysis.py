"""The fair-play report's CPU work, as plain functions of plain data (``worker.py`` runs them in
a process of their own, off the bot's event loop and its interpreter lock).

``journal_facts`` reads stored journals into each hand's facts, as the store caches them
(``HandFacts.to_text``); ``analyse_packs`` scores every pair of a period's cached facts
(``detect.rank_pairs``) and keeps the flagged pairs of members. Neither does I/O: what goes in
and comes out is ids, texts, numbers and the report's dataclasses. A period's facts travel as
``Pack``s, a page's hand ids as bytes and its facts as one text (100,000 hands' facts as
100,000 pairs took 0.15-0.2 s to pickle, the pool's thread holding the interpreter's lock all
along; as ten packs, a few milliseconds).
"""

from __future__ import annotations

import json
import logging
import time
from array import array
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass

from bot.engine.hand import Hand
from bot.features.fairplay.detect import HandFacts, PairFlag, facts_of, flagged, rank_pairs
from bot.features.fairplay.gates import DAY, account_created
from bot.house.accounts import is_house

log = logging.getLogger(__name__)

YOUNG_DAYS = 30
"""A member whose Discord account or membership of the server is younger than this is young
to the detector (its losses to one member count: ``detect.FUNNEL_SHARE``)."""


Pack = tuple[bytes, str]
"""Hands' cached facts in two objects: their ids (64-bit integers, machine order) and their
``HandFacts.to_text`` one a line (the texts are JSON without a line break)."""


def pack(facts: Iterable[tuple[int, str]]) -> Pack:
    """Facts (hand id, text) as one ``Pack``."""
    ids = array("q")
    texts: list[str] = []
    for hand_id, text in facts:
        ids.append(hand_id)
        texts.append(text)
    return ids.tobytes(), "\n".join(texts)


def unpack(packs: Iterable[Pack]) -> Iterator[tuple[int, str]]:
    """The facts (hand id, text) of packed pages (``pack``), in order."""
    for raw, joined in packs:
        ids = array("q")
        ids.frombytes(raw)
        if ids:
            yield from zip(ids, joined.split("\n"), strict=True)


@dataclass(frozen=True)
class FairPlayReport:
    """The flagged pairs of a period (members only), and how many hands were read."""

    flags: tuple[PairFlag, ...]
    hands: int
    capped: bool
    """More hands than ``report.MAX_HANDS`` ended in the period: the newest were read."""


def young_members(
    members: Collection[int], joined: Mapping[int, float], now: float
) -> frozenset[int]:
    """The members whose account (their id's snowflake time) or membership (``joined``: when
    each joined the server, where Discord said) is younger than ``YOUNG_DAYS`` at ``now``."""
    since = now - YOUNG_DAYS * DAY
    return frozenset(
        pid
        for pid in members
        if not is_house(pid) and (account_created(pid) > since or joined.get(pid, 0.0) > since)
    )


def read_facts(
    rows: list[tuple[int, str | None, str | None]],
) -> tuple[list[HandFacts], list[tuple[int, str]]]:
    """The facts of each stored hand (hand id, its cached facts or None and its journaled
    state): read from the cache, else from the journal; and the facts read from journals,
    for the store to cache (``hands.cache_fair_facts``)."""
    facts: list[HandFacts] = []
    fresh: list[tuple[int, str]] = []
    for hand_id, cached, text in rows:
        if cached is not None:
            facts.append(HandFacts.from_text(hand_id, cached))
            continue
        state = json.loads(text or "{}").get("hand")
        if not isinstance(state, dict):
            continue
        hand = Hand.from_json(state)
        if hand.is_complete:
            found = facts_of(hand, hand_id)
            facts.append(found)
            fresh.append((hand_id, found.to_text()))
    return facts, fresh


def journal_facts(journals: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The facts of stored hands read from their journals (hand id, journaled state), as the
    store caches them (hand id, ``HandFacts.to_text``); a hand left unfinished has none."""
    _, fresh = read_facts([(hand_id, None, text) for hand_id, text in journals])
    return fresh


def analyse_packs(
    packs: list[Pack],
    capped: bool,
    joined: Mapping[int, float],
    now: float,
) -> FairPlayReport:
    """Score every pair of the hands' cached facts (``Pack``: a page each), read oldest first (each
    flag's hands end with the newest)."""
    facts = [HandFacts.from_text(hand_id, text) for hand_id, text in sorted(unpack(packs))]
    return analyse_facts(facts, capped, joined, now)


def analyse_facts(
    facts: list[HandFacts],
    capped: bool = False,
    joined: Mapping[int, float] | None = None,
    now: float | None = None,
) -> FairPlayReport:
    """Score every pair of the hands' facts. ``joined``: when members joined the server (those
    Discord's cache knows), for ``young_members``."""
    started = time.perf_counter()
    everyone = {pid for fact in facts for pid in fact.players}
    when = time.time() if now is None else now
    young = young_members(everyone, joined or {}, when)
    members = tuple(
        flag
        for flag in flagged(rank_pairs(facts, young=young))
        if not is_house(flag.giver) and not is_house(flag.taker)
    )
    log.info(
        "fair play: %d hands scored, %d pairs flagged, in %.2f s",
        len(facts),
        len(members),
        time.perf_counter() - started,
    )
    return FairPlayReport(members, len(facts), capped)


def analyse(
    states: list[tuple[int, str]],
    capped: bool = False,
    joined: Mapping[int, float] | None = None,
    now: float | None = None,
) -> FairPlayReport:
    """Read stored journals (hand id, state) and score every pair (``analyse_facts``)."""
    facts, _ = read_facts([(hand_id, None, text) for hand_id, text in states])
    return analyse_facts(facts, capped, joined, now)
