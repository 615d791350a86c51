"""HTML written safely: every value is escaped unless it is already ``Html``.

``h("<p>{name}</p>", name=untrusted)`` escapes ``name``; pieces built with ``h`` stay ``Html``
and are put in as they are. No template engine: a page is a few functions of plain values.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Iterable

from bot.messages import reader, t


class Html(str):
    """Markup already escaped (or written by the code itself)."""

    __slots__ = ()


def escape(value: object) -> Html:
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=True))


def h(template: str, /, **values: object) -> Html:
    """``template`` (code, trusted) with each ``{name}`` replaced by its value, escaped."""
    return Html(template.format(**{k: escape(v) for k, v in values.items()}))


def join(parts: Iterable[Html], separator: str = "") -> Html:
    return Html(separator.join(escape(part) for part in parts))


_TIME = re.compile(r"&lt;t:(\d{1,12}):[a-zA-Z]&gt;")
_RELATIVE = re.compile(r" \(&lt;t:\d{1,12}:R&gt;\)")
"""A Discord time beside a relative one, ``<t:N:F> (<t:N:R>)``: the page writes the first."""
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_MENTION = re.compile(r"&lt;(?:@|#|t:\d+(?::[a-zA-Z])?)[^&]*&gt;")
_COMMAND = re.compile(r"&lt;/([-_\w ]+):\d+&gt;")
"""A slash command's mention (``</poker join:ID>``): the command as typed on a page."""
DEALER_GLYPH = "Ⓓ"
"""The dealer button's marker in the channel's lines: no font of a plain Debian Chromium has
it (an empty box), so a page draws it as a small round "D" of its own (``span.dealer``)."""
_MARKDOWN_ESCAPE = re.compile(r"\\([\\*_`~|>#\[\]()-])")


def from_markdown(text: str) -> Html:
    """A line the channel shows (Discord markdown) as HTML: bold and code kept, a name's
    markdown escapes undone, a command's mention written as the command, a Discord time as
    its UTC date and time, Discord's other tags (mentions) left out. Escaped first."""
    escaped = html.escape(text, quote=True)
    escaped = _RELATIVE.sub("", escaped)
    escaped = _TIME.sub(
        lambda m: time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(int(m[1]))), escaped
    )
    escaped = _COMMAND.sub(r"<code>/\1</code>", escaped)
    escaped = _MENTION.sub("", escaped)
    escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
    escaped = _CODE.sub(r"<code>\1</code>", escaped)
    escaped = _MARKDOWN_ESCAPE.sub(r"\1", escaped)
    if DEALER_GLYPH in escaped:
        marker = h(
            '<span class="dealer" role="img" aria-label="{label}" title="{label}">D</span>',
            label=t("web_dealer_button"),
        )
        escaped = escaped.replace(DEALER_GLYPH, marker)
    return Html(escaped)


STYLE = """
body{font-family:system-ui,sans-serif;margin:0;background:#10161d;color:#e6edf3}
header{display:flex;gap:1em;align-items:center;flex-wrap:wrap;padding:.8em 1.2em;
background:#16281f;border-bottom:1px solid #2d4a3a}
header a{color:#9fe0b4}header .who{margin-left:auto}
main{padding:1em 1.2em;max-width:60em}
a{color:#8cc8ff}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
.card{background:#17202a;border:1px solid #2b3a48;border-radius:8px;padding:.8em 1em;
margin:.8em 0}
.card h3{margin:.1em 0 .5em}
table{border-collapse:collapse;width:100%}td,th{padding:.35em .5em;text-align:left;
border-bottom:1px solid #2b3a48;vertical-align:top}
.notice{background:#21364a;border-left:4px solid #8cc8ff;padding:.6em .8em}
.refused{background:#4a2121;border-left:4px solid #ff8c8c;padding:.6em .8em}
.notice[data-state="expired"]{background:#4a2121;border-left-color:#ff8c8c}
p.hint{color:#9aa8b5;font-size:.9em}
button,a.button,span.button{font:inherit;padding:.4em 1em;border-radius:6px;
border:1px solid #6bbf8a;background:#1f6f43;color:#fff;cursor:pointer;
text-decoration:none;display:inline-block}
form.inline{display:inline}
.actions form{display:inline}
a.button.secondary,span.button.secondary{background:#2b3a48;border-color:#56697c}
button.danger{background:#8a2b2b;border-color:#d46a6a}
code{background:#26313d;padding:0 .3em;border-radius:4px}
ul.lines{padding-left:1.2em}
nav.server{display:flex;gap:1.2em;flex-wrap:wrap;margin:.2em 0 1em}
nav.server a[aria-current]{color:#e6edf3;font-weight:bold;text-decoration:none}
table.settings th{font-weight:normal}td.hint{color:#9aa8b5;font-size:.9em}
input,select{font:inherit;background:#0d1117;color:#e6edf3;border:1px solid #3d4f60;
border-radius:4px;padding:.25em .4em;max-width:100%}
.scroll{overflow-x:auto}img.chart{max-width:100%;height:auto;border-radius:12px}
table.stats{max-width:40em}form.filters label{display:inline-block;margin:.2em .8em .4em 0}
nav.steps{display:flex;gap:.5em;margin:.4em 0}nav.steps .button{min-width:2.2em;
text-align:center}span.button[aria-disabled]{opacity:.4;cursor:default}
nav.streets span.off{color:#5d6b78}ul.plain{list-style:none;padding-left:0}
span.dealer{display:inline-block;width:1.3em;height:1.3em;line-height:1.3em;
border-radius:50%;background:#f3f0e6;color:#1b1b1b;border:1px solid #b9b29b;
font-size:.78em;font-weight:700;text-align:center;vertical-align:.1em;font-family:system-ui,
sans-serif}
button[disabled]{opacity:.45;cursor:not-allowed}
table.mine th{white-space:nowrap}table.mine td.when{white-space:nowrap;color:#9aa8b5;
font-size:.9em}
input.short{width:4.5em}label.field{color:#9aa8b5;font-size:.9em;display:inline-flex;
gap:.35em;align-items:center}form.house{display:flex;gap:.4em;align-items:center;
flex-wrap:wrap;margin:.4em 0}.house-forms{margin-top:.6em}p.fill{color:#9aa8b5}
form.house button.secondary,button.secondary{background:#2b3a48;border-color:#56697c}
tr.blamed th,tr.blamed td{background:#3a1d1d}.why{color:#ffb0b0;margin-top:.3em}
span.kind{font-size:.8em;color:#c9d6e2;background:#26313d;border-radius:4px;
padding:.05em .4em;white-space:nowrap}p.where{color:#9aa8b5;margin:0 0 .3em}
section.card[data-kind="mtt"]{border-left:4px solid #8cc8ff}
section.card[data-kind="mtt"] span.kind{background:#21364a}
@media (max-width:600px){main{padding:.6em}td,th{padding:.3em}
table.settings tr{display:grid;grid-template-columns:1fr}table.settings td.hint{border:0}
table.mine thead{display:none}table.mine,table.mine tbody,table.mine tr{display:block}
table.mine tr{background:#17202a;border:1px solid #2b3a48;border-radius:8px;
margin:.6em 0;padding:.4em .6em}
table.mine td{display:grid;grid-template-columns:7.5em 1fr;gap:.5em;border:0;padding:.15em 0}
table.mine td::before{content:attr(data-label);color:#9aa8b5;font-size:.9em}
table.mine td.tournament{display:block;font-weight:bold;padding-bottom:.3em}
table.mine td.tournament::before{content:none}table.mine td.when{font-size:1em}}
"""


def page(title: str, body: Html, *, who: str | None = None, csrf: str | None = None) -> Html:
    """A whole page: the header (the signed-in member and a logout form), ``body``."""
    account = Html("")
    if who is not None and csrf is not None:
        account = h(
            '<span class="who">{signed}</span><form class="inline" method="post" '
            'action="/logout"><input type="hidden" name="csrf" value="{csrf}">'
            '<button type="submit">{logout}</button></form>',
            signed=t("web_signed_in_as", name=who),
            csrf=csrf,
            logout=t("web_logout"),
        )
    return h(
        '<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        "<title>{title} · Deuce</title><style>{style}</style></head><body>"
        '<header><strong>Deuce</strong><a href="/">{home}</a>{account}</header>'
        "<main><h1>{title}</h1>{body}</main></body></html>",
        lang=reader(),
        title=title,
        style=Html(STYLE),
        home=t("web_home"),
        account=account,
        body=body,
    )
