"""A stored hand's histories as one member may read them: its PHH and its PokerStars text,
each redacted for them (their own cards, the others' only where shown at the showdown).
``/poker history`` and the dashboard's downloads both read them here."""

from __future__ import annotations

import asyncio
import logging

from bot.engine import EngineError
from bot.engine.phh import redact_phh
from bot.engine.pokerstars import TournamentHand, hand_to_pokerstars
from bot.features.replay.viewer import hand_of
from bot.store import HandNotFound, HandRecord, Store
from bot.tournament import level_with

log = logging.getLogger(__name__)


def shown_of(record: HandRecord) -> set[int]:
    """The players whose hand was shown at the showdown (the summary's ``shown``)."""
    summary = record.summary or {}
    shown_map = summary.get("shown", {}) if isinstance(summary, dict) else {}
    return {int(k) for k in shown_map}


async def phh_history(store: Store, record: HandRecord, viewer_id: int) -> str | None:
    """The hand's PHH redacted for ``viewer_id``; None when none was kept."""
    text = await store.hands.phh(record.id)
    if not text:
        return None
    return redact_phh(text, viewer_id, shown=shown_of(record))


async def text_history(store: Store, record: HandRecord, viewer_id: int, table: str) -> str | None:
    """A settled hand in PokerStars' text form for ``viewer_id``, rebuilt from the hand the
    store kept (``table``: the name on its table line); None for a voided hand or one that
    cannot be rebuilt. A sit-and-go's hand names its tournament, buy-in and level."""
    if record.status != "settled":
        return None
    try:
        source = await store.hands.replay_source(record.id)
        hand = await asyncio.to_thread(hand_of, source)
        tournament = None
        if record.tournament_id is not None:
            row = await store.tournaments.get(record.tournament_id)
            level = level_with(row.structure, hand.stakes.small_bet)
            number = level.number if level is not None else 1
            tournament = TournamentHand(row.id, row.buy_in, number)
        return hand_to_pokerstars(
            hand,
            viewer_id,
            shown=shown_of(record),
            started_at=record.started_at,
            table=table,
            tournament=tournament,
        )
    except (HandNotFound, EngineError, KeyError, TypeError, ValueError) as error:
        log.warning("Hand %d has no text history: %s", record.id, type(error).__name__)
        return None
