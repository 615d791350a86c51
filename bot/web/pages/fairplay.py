"""An admin's fair play on the dashboard: the pairs the detector flags over a period, as
``/pokeradmin fairplay report`` lists them (``bot/features/fairplay/report.py``: the same
report, run again here), each with its score, the chips moved and links to the hands behind
it (each hand's PHH as a member who did not play it reads it: only the cards shown); every
member of a flagged pair, and every frozen wallet, with a Freeze or Unfreeze form (a POST with
the session's CSRF token, Manage Server asked of Discord again, the freeze logged in the ledger
by ``store.fairplay`` as the slash command's is).

The dashboard does not know when members joined the server (Discord's member cache is the
bot's), so a young account is young here by its id's age only."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.engine.phh import redact_phh
from bot.features.fairplay.analysis import FairPlayReport
from bot.features.fairplay.report import SHOWN, fair_play_report
from bot.features.stats.report import PERIOD_KEYS
from bot.messages import decimal, t
from bot.store import FreezeRefused, HandNotFound
from bot.web.context import context, html_response, refusal
from bot.web.html import Html, from_markdown, h, join, page
from bot.web.pages.server import _id, admin_form, admin_session, server_nav

log = logging.getLogger(__name__)

DEFAULT_PERIOD = "month"
ANSWERS = frozenset(
    {
        "fairplay_frozen",
        "fairplay_unfrozen",
        "fairplay_self",
        "fairplay_house",
        "fairplay_already_frozen",
        "fairplay_not_frozen",
    }
)
"""What a Freeze or Unfreeze form's answer may say (``?said=``): any other is not shown."""


def _member(raw: object) -> int | None:
    """A member's id as a form or a query gives it, or None when it is not one."""
    if not isinstance(raw, str) or not (raw.isascii() and raw.isdigit() and len(raw) <= 20):
        return None
    member = int(raw)
    return member if 0 < member < 2**63 else None


def _stand_form(guild_id: int, member: int, frozen: bool, csrf: str) -> Html:
    """The Freeze (or, for a frozen wallet, Unfreeze) button of a member."""
    return h(
        '<form method="post" action="/servers/{guild}/fairplay" class="inline">'
        '<input type="hidden" name="csrf" value="{csrf}">'
        '<input type="hidden" name="member" value="{member}">'
        '<input type="hidden" name="action" value="{action}">'
        '<button type="submit"{danger}>{label}</button></form>',
        guild=guild_id,
        csrf=csrf,
        member=member,
        action="unfreeze" if frozen else "freeze",
        danger=Html("" if frozen else ' class="danger"'),
        label=t("web_fairplay_unfreeze" if frozen else "web_fairplay_freeze", member=str(member)),
    )


def _period_form(guild_id: int, period: str) -> Html:
    options = join(
        h(
            '<option value="{value}"{selected}>{label}</option>',
            value=name,
            label=t(key),
            selected=Html(" selected" if name == period else ""),
        )
        for name, key in PERIOD_KEYS.items()
    )
    return h(
        '<form method="get" action="/servers/{guild}/fairplay" class="filters">'
        '<label>{label} <select name="period">{options}</select></label> '
        '<button type="submit">{show}</button></form>',
        guild=guild_id,
        label=t("web_fairplay_period"),
        options=options,
        show=t("web_fairplay_show"),
    )


def _pairs(guild_id: int, report: FairPlayReport, frozen: frozenset[int], csrf: str) -> Html:
    """The flagged pairs, a card each: who gave to whom, the score and the chips (the slash
    command's line), the acts, the hands behind the flag, and each member's wallet button."""
    if not report.flags:
        return h('<p class="notice">{text}</p>', text=t("fairplay_report_none"))
    cards = []
    for rank, flag in enumerate(report.flags[:SHOWN], start=1):
        giver, taker, chips = flag.giver, flag.taker, flag.net_moved
        if chips < 0:  # a soft pair's few chips went the other way: name it that way
            giver, taker, chips = taker, giver, -chips
        headline = t(
            "fairplay_report_pair",
            rank=rank,
            giver=str(giver),
            taker=str(taker),
            score=decimal(flag.score),
            chips=chips,
            hands=flag.together,
        )
        hands = join(
            h(
                '<a href="/servers/{guild}/fairplay/hands/{id}.phh" download>#{id}</a> ',
                guild=guild_id,
                id=hand_id,
            )
            for hand_id in flag.hands
        )
        wallets = join(
            h(
                "{form} ",
                form=_stand_form(guild_id, member, member in frozen, csrf),
            )
            for member in (giver, taker)
        )
        cards.append(
            h(
                '<section class="card pair" data-pair="{giver}-{taker}"><h3>{headline}</h3>'
                '<p class="acts">{acts}</p><p class="hands">{label} {hands}</p>'
                '<div class="actions">{wallets}</div></section>',
                giver=giver,
                taker=taker,
                headline=from_markdown(headline),
                acts=t(
                    "web_fairplay_acts_line",
                    folds=flag.folds_better,
                    calls=flag.hopeless_calls,
                    alone=flag.heads_up,
                    quiet=flag.passive,
                ),
                label=t("web_fairplay_hands"),
                hands=hands,
                wallets=wallets,
            )
        )
    return join(cards)


def _frozen(guild_id: int, frozen: frozenset[int], csrf: str) -> Html:
    """Every frozen wallet of the server, each with its Unfreeze button."""
    if not frozen:
        return h('<p class="frozen">{text}</p>', text=t("web_fairplay_none_frozen"))
    items = join(
        h(
            "<li><code>{member}</code> ❄️ {form}</li>",
            member=member,
            form=_stand_form(guild_id, member, True, csrf),
        )
        for member in sorted(frozen)
    )
    return h('<ul class="lines frozen">{items}</ul>', items=items)


async def fairplay_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    guild = session.guild(guild_id)
    assert guild is not None
    period = request.query.get("period", "") or DEFAULT_PERIOD
    if period not in PERIOD_KEYS:
        raise refusal(400, "fairplay_period_invalid", session)
    store = context(request).store
    report = await fair_play_report(store, guild_id, period)
    frozen = await store.fairplay.frozen(guild_id)
    parts = [server_nav(guild_id, "fairplay")]
    said = request.query.get("said", "")
    if said in ANSWERS:
        member = _member(request.query.get("member", ""))
        parts.append(
            h(
                '<p class="notice" role="status">{text}</p>',
                text=t(said, name="" if member is None else str(member)),
            )
        )
    footer = "fairplay_report_footer_capped" if report.capped else "fairplay_report_footer"
    parts += [
        _period_form(guild_id, period),
        h("<h2>{text}</h2>", text=t("fairplay_report_title", period=t(PERIOD_KEYS[period]))),
        _pairs(guild_id, report, frozen, session.csrf),
        h('<p class="footer">{text}</p>', text=t(footer, hands=report.hands)),
        h("<h2>{text}</h2>", text=t("web_fairplay_frozen_title")),
        _frozen(guild_id, frozen, session.csrf),
    ]
    title = t("web_fairplay_page", server=guild.name)
    return html_response(page(title, join(parts), who=session.name, csrf=session.csrf))


async def fairplay_post(request: web.Request) -> web.Response:
    """Freeze or unfreeze a member's wallet (``store.fairplay``: logged in the ledger, no chip
    moved, refused for the house, for oneself, and when nothing would change)."""
    guild_id = _id(request, "guild_id")
    session, form = await admin_form(request, guild_id)
    member = _member(form.get("member"))
    action = form.get("action")
    if member is None or action not in ("freeze", "unfreeze"):
        raise refusal(400, "web_fairplay_bad_form", session)
    fairplay = context(request).store.fairplay
    try:
        if action == "freeze":
            await fairplay.freeze(guild_id, member, session.user_id)
            said = "fairplay_frozen"
        else:
            await fairplay.unfreeze(guild_id, member, session.user_id)
            said = "fairplay_unfrozen"
    except FreezeRefused as error:
        said = error.key if error.key in ANSWERS else "web_fairplay_bad_form"
    log.info("Dashboard: %s of member %s by %s: %s", action, member, session.user_id, said)
    raise web.HTTPSeeOther(f"/servers/{guild_id}/fairplay?said={said}&member={member}")


async def fairplay_hand(request: web.Request) -> web.Response:
    """A hand behind a flag, as PHH: the cards a member who did not play it may know (those
    shown; the admin's own, had they played it)."""
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    raw = request.match_info["hand_id"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise refusal(404, "web_no_hand", session)
    store = context(request).store
    try:
        record = await store.hands.record(int(raw))
    except HandNotFound:
        raise refusal(404, "web_no_hand", session) from None
    text = await store.hands.phh(record.id) if record.guild_id == guild_id else None
    if not text:
        raise refusal(404, "web_no_hand", session)
    summary = record.summary or {}
    shown_map = summary.get("shown", {}) if isinstance(summary, dict) else {}
    redacted = redact_phh(text, session.user_id, shown={int(k) for k in shown_map})
    return web.Response(
        text=redacted,
        content_type="text/plain",
        charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="deuce-hand-{record.id}.phh"'},
    )
