"""An admin's ledger: the server's wallet movements (``store.ledger``), filtered by member,
kind and period, as a page (members by their names, each a link to their movements, and kinds
in words) and as CSV (ids and kinds as stored, for a spreadsheet). Only the server's own
wallets (their account names carry its id); Manage Server asked of Discord again for each
request, as every admin page."""

from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass

from aiohttp import web

from bot.messages import signed, t
from bot.store.ledger import LEDGER_KINDS, MOST, WalletMove
from bot.web.context import context, html_response, refusal
from bot.web.html import Html, h, join, page
from bot.web.names import member_names
from bot.web.pages.server import _id, admin_session, server_nav

PERIODS = {"day": 86400, "week": 7 * 86400, "month": 30 * 86400, "all": None}
"""The period filter's choices: the last day, week, month, or everything."""
PERIOD_KEYS = {
    "day": "web_period_day",
    "week": "web_period_week",
    "month": "web_period_month",
    "all": "web_period_all",
}
KIND_KEYS = {
    "grant": "web_kind_grant",
    "start": "web_kind_start",
    "daily": "web_kind_daily",
    "buy_in": "web_kind_buy_in",
    "cash_out": "web_kind_cash_out",
    "refund": "web_kind_refund",
    "void": "web_kind_void",
    "pot_contribution": "web_kind_pot_contribution",
    "pot_win": "web_kind_pot_win",
    "tournament_buy_in": "web_kind_tournament_buy_in",
    "tournament_refund": "web_kind_tournament_refund",
    "tournament_start": "web_kind_tournament_start",
    "tournament_out": "web_kind_tournament_out",
    "tournament_chips_back": "web_kind_tournament_chips_back",
    "tournament_payout": "web_kind_tournament_payout",
    "freeze": "web_kind_freeze",
    "unfreeze": "web_kind_unfreeze",
    "tournament_move": "web_kind_tournament_move",
}
"""Each ledger kind's words (``store.ledger.LEDGER_KINDS``; the CSV keeps the kinds)."""
SHOWN = 200
"""Movements on the page (the CSV holds up to ``store.ledger.MOST``)."""


@dataclass(frozen=True)
class Filters:
    member: int | None
    kind: str | None
    period: str

    def query(self) -> str:
        parts = [f"period={self.period}"]
        if self.member is not None:
            parts.append(f"member={self.member}")
        if self.kind is not None:
            parts.append(f"kind={self.kind}")
        return "&".join(parts)


def read_filters(query: dict[str, str]) -> Filters | None:
    """The filters of a request, or None when one is not a value the form offers."""
    member_text = query.get("member", "").strip()
    kind = query.get("kind", "") or None
    period = query.get("period", "") or "all"
    member: int | None = None
    if member_text:
        if not (member_text.isascii() and member_text.isdigit() and len(member_text) <= 20):
            return None
        member = int(member_text)
        if not 0 < member < 2**63:
            return None
    if kind is not None and kind not in LEDGER_KINDS:
        return None
    if period not in PERIODS:
        return None
    return Filters(member, kind, period)


async def _moves(
    request: web.Request, guild_id: int, filters: Filters, limit: int
) -> list[WalletMove]:
    seconds = PERIODS[filters.period]
    since = None if seconds is None else time.time() - seconds
    return await context(request).store.ledger.wallet_moves(
        guild_id, user_id=filters.member, kind=filters.kind, since=since, limit=limit
    )


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))


def kind_text(kind: str) -> str:
    """A ledger kind in words (the CSV keeps the kind as stored)."""
    return t(KIND_KEYS[kind]) if kind in KIND_KEYS else kind


def _filters_form(guild_id: int, filters: Filters) -> Html:
    kinds = join(
        h(
            '<option value="{value}"{selected}>{label}</option>',
            value=kind,
            label=kind_text(kind),
            selected=Html(" selected" if kind == filters.kind else ""),
        )
        for kind in LEDGER_KINDS
    )
    periods = join(
        h(
            '<option value="{value}"{selected}>{label}</option>',
            value=name,
            label=t(PERIOD_KEYS[name]),
            selected=Html(" selected" if name == filters.period else ""),
        )
        for name in PERIODS
    )
    return h(
        '<form method="get" action="/servers/{guild}/ledger" class="filters">'
        '<label>{member_label} <input name="member" inputmode="numeric" value="{member}" '
        'pattern="[0-9]*" maxlength="20"></label> '
        '<label>{kind_label} <select name="kind"><option value="">{any}</option>{kinds}'
        "</select></label> "
        '<label>{period_label} <select name="period">{periods}</select></label> '
        '<button type="submit">{show}</button></form>',
        guild=guild_id,
        member_label=t("web_ledger_member"),
        member="" if filters.member is None else filters.member,
        kind_label=t("web_ledger_kind"),
        any=t("web_ledger_any_kind"),
        kinds=kinds,
        period_label=t("web_ledger_period"),
        periods=periods,
        show=t("web_ledger_show"),
    )


async def ledger_page(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    guild = session.guild(guild_id)
    assert guild is not None
    filters = read_filters(dict(request.query))
    if filters is None:
        raise refusal(400, "web_ledger_bad_filter", session)
    moves = await _moves(request, guild_id, filters, SHOWN)
    people = [m.user_id for m in moves] + [m.by_user_id for m in moves if m.by_user_id]
    names = await member_names(request, guild_id, people)

    def member(user_id: int) -> Html:
        """The member's name, a link to their movements (the filter by their id)."""
        narrowed = Filters(user_id, filters.kind, filters.period)
        return h(
            '<a href="/servers/{guild}/ledger?{query}" title="{id}">{name}</a>',
            guild=guild_id,
            query=narrowed.query(),
            id=user_id,
            name=names[user_id],
        )

    rows = join(
        h(
            "<tr><td>{when}</td><td>{member}</td><td>{kind}</td>"
            '<td class="amount">{amount}</td><td>{hand}</td><td>{by}</td></tr>',
            when=_when(m.at),
            member=member(m.user_id),
            kind=kind_text(m.kind),
            amount=signed(m.amount),
            hand="" if m.hand_id is None else f"#{m.hand_id}",
            by=Html("") if m.by_user_id is None else member(m.by_user_id),
        )
        for m in moves
    )
    table: Html
    if moves:
        table = h(
            '<div class="scroll"><table class="ledger"><thead><tr><th>{when}</th>'
            "<th>{member}</th><th>{kind}</th>"
            "<th>{amount}</th><th>{hand}</th><th>{by}</th></tr></thead><tbody>{rows}</tbody>"
            "</table></div>",
            when=t("web_ledger_when"),
            member=t("web_ledger_member_column"),
            kind=t("web_ledger_kind"),
            amount=t("web_ledger_amount"),
            hand=t("web_col_hand"),
            by=t("web_ledger_by"),
            rows=rows,
        )
    else:
        table = h("<p>{text}</p>", text=t("web_ledger_none"))
    body = h(
        "{nav}{form}<p>{about} "
        '<a href="/servers/{guild}/ledger.csv?{query}" download>{csv}</a></p>{table}',
        nav=server_nav(guild_id, "ledger"),
        form=_filters_form(guild_id, filters),
        about=t("web_ledger_about", shown=SHOWN),
        guild=guild_id,
        query=filters.query(),
        csv=t("web_ledger_csv"),
        table=table,
    )
    title = t("web_ledger_page", server=guild.name)
    return html_response(page(title, body, who=session.name, csrf=session.csrf))


async def ledger_csv(request: web.Request) -> web.Response:
    guild_id = _id(request, "guild_id")
    session = await admin_session(request, guild_id)
    filters = read_filters(dict(request.query))
    if filters is None:
        raise refusal(400, "web_ledger_bad_filter", session)
    moves = await _moves(request, guild_id, filters, MOST)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["time_utc", "member_id", "kind", "amount", "hand_id", "by_member_id"])
    for m in moves:
        writer.writerow(
            [
                _when(m.at),
                m.user_id,
                m.kind,
                m.amount,
                "" if m.hand_id is None else m.hand_id,
                "" if m.by_user_id is None else m.by_user_id,
            ]
        )
    name = f"deuce-ledger-{guild_id}.csv"
    return web.Response(
        text=out.getvalue(),
        content_type="text/csv",
        charset="utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
