"""Per-stage timing of the click path inside the bot (the load benchmark's ``--trace``).

Installed from the outside by :mod:`bench.load_probe` when ``$DEUCE_TRACE_OUT`` is set, so the
bot's code is the code that runs in production. For every button click it records, keyed by the
interaction id, wall-clock times (``time.time()``, comparable with the harness's) of

* ``parsed``: discord.py parsed the INTERACTION_CREATE frame (``parse_interaction_create``);
* ``callback``: the router took the click (``Router.dispatch``, from the client's
  ``on_interaction``);
* ``locked``: the table session's lock was acquired (first acquisition in the click);
* ``answer``: the session handed the answer to the table's I/O (``TableChannel.answer_*``,
  ``reply_private``): what follows is rendering (pictures included) and the HTTP call;
* ``http``: the callback request was sent (payload built): through discord.py's webhook
  adapter, or the bot's own request (``bot.table.io.tokens._send``);
* ``sent``: that request's response came back;

and the milliseconds spent awaiting the store's journal (``journal_ms``) and the lock
(``lock_ms``). The harness adds the double's dispatch and arrival times and prints each
stage's p50/p95/p99 (:func:`bench.bench_load.trace_stages`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import time
from pathlib import Path
from typing import Any

CURRENT: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "deuce_trace", default=None
)


class Trace:
    """The records of every click, written as JSON to ``out``."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.clicks: dict[int, dict[str, float]] = {}
        self.parsed: dict[int, float] = {}
        self.starts: list[float] = []
        """When each request of the global limit started, by the bot's clock (the pacer let
        it go): the peak second as the bot sent them, which a stall of the double's loop
        (receiving a burst late and together) cannot inflate."""

    def dump(self) -> None:
        tmp = self.out.with_suffix(".tmp")
        records: dict[str, Any] = {str(k): v for k, v in self.clicks.items()}
        records[REST_STARTS] = self.starts
        tmp.write_text(json.dumps(records))
        tmp.replace(self.out)


REST_STARTS = "rest_starts"
"""The trace's key for ``Trace.starts`` (beside the clicks' ids)."""


def mark(name: str) -> None:
    """Record ``name`` at now in the current click's record (first time only)."""
    record = CURRENT.get()
    if record is not None and name not in record:
        record[name] = time.time()


def add_ms(name: str, ms: float) -> None:
    record = CURRENT.get()
    if record is not None:
        record[name] = record.get(name, 0.0) + ms


def install(trace: Trace) -> None:
    """Wrap discord.py and the bot's click path (see the module docstring)."""
    from discord.state import ConnectionState
    from discord.webhook.async_ import AsyncWebhookAdapter

    import bot.replies as replies
    import bot.table.buttons as buttons
    import bot.table.io.tokens as tokens
    from bot.pacer import RestPacer
    from bot.store.hands import Hands
    from bot.table.channel import TableChannel
    from bot.table.session import TableSession
    from bot.ui.router import Router

    parse = ConnectionState.parse_interaction_create

    def parse_timed(state: Any, data: Any) -> None:
        with contextlib.suppress(KeyError, TypeError, ValueError):
            trace.parsed[int(data["id"])] = time.time()
        parse(state, data)

    ConnectionState.parse_interaction_create = parse_timed  # type: ignore[method-assign]

    dispatch = Router.dispatch

    async def dispatch_timed(router: Any, interaction: Any) -> bool:
        record = {"callback": time.time()}
        parsed = trace.parsed.pop(interaction.id, None)
        if parsed is not None:
            record["parsed"] = parsed
        trace.clicks[interaction.id] = record
        token = CURRENT.set(record)
        try:
            return await dispatch(router, interaction)
        finally:
            record["done"] = time.time()
            CURRENT.reset(token)

    Router.dispatch = dispatch_timed  # type: ignore[method-assign]

    class TracedLock(asyncio.Lock):
        async def acquire(self) -> Any:
            start = time.perf_counter()
            await super().acquire()
            add_ms("lock_ms", (time.perf_counter() - start) * 1000)
            mark("locked")
            return True

    session_init = TableSession.__init__

    def session_init_traced(session: Any, *args: Any, **kwargs: Any) -> None:
        session_init(session, *args, **kwargs)
        if type(session._lock) is asyncio.Lock:
            session._lock = TracedLock()

    TableSession.__init__ = session_init_traced  # type: ignore[method-assign]

    journal = Hands.journal

    async def journal_timed(hands: Any, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return await journal(hands, *args, **kwargs)
        finally:
            add_ms("journal_ms", (time.perf_counter() - start) * 1000)

    Hands.journal = journal_timed  # type: ignore[method-assign]

    def answer_marked(owner: Any, name: str) -> None:
        original = getattr(owner, name)

        async def marked(*args: Any, **kwargs: Any) -> Any:
            mark("answer")
            return await original(*args, **kwargs)

        setattr(owner, name, marked)

    for name in ("answer_betting_click", "answer_panel_click"):
        if hasattr(TableChannel, name):
            answer_marked(TableChannel, name)
    answer_marked(replies, "reply_private")
    answer_marked(buttons, "reply_private")

    request = AsyncWebhookAdapter.request

    async def request_timed(adapter: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
        record = CURRENT.get()
        is_answer = record is not None and "/callback" in str(getattr(route, "path", ""))
        if is_answer:
            mark("http")
        try:
            return await request(adapter, route, *args, **kwargs)
        finally:
            if is_answer:
                mark("sent")

    AsyncWebhookAdapter.request = request_timed  # type: ignore[method-assign]

    send = tokens._send  # a click's answer as the bot's own request (answer_with_update)

    async def send_timed(session: Any, method: str, url: str, *args: Any) -> Any:
        is_answer = CURRENT.get() is not None and url.endswith("/callback")
        if is_answer:
            mark("http")
        try:
            return await send(session, method, url, *args)
        finally:
            if is_answer:
                mark("sent")

    tokens._send = send_timed

    starting = RestPacer.starting

    async def starting_stamped(pacer: RestPacer) -> None:
        await starting(pacer)
        trace.starts.append(time.time())

    RestPacer.starting = starting_stamped  # type: ignore[method-assign]


def start() -> Trace | None:
    """Install the trace if ``$DEUCE_TRACE_OUT`` names its output file."""
    out = os.environ.get("DEUCE_TRACE_OUT")
    if not out:
        return None
    trace = Trace(Path(out))
    install(trace)
    return trace
