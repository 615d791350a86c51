"""The replayer in the browser: one of the member's hands, step by step, as ``/poker replay``
shows it (``bot.features.replay.viewer.load_replay``: the engine's steps, redacted for the
viewer there; ``bot.table.render.replay.step_sections``: each step's words). Their own cards,
another player's only where shown at the showdown. Server-rendered: a step is a page, the step
and street buttons are links (no script, nothing fetched but the page)."""

from __future__ import annotations

from aiohttp import web

from bot.engine.replay import STREETS, Replay
from bot.features.replay.viewer import load_replay
from bot.messages import t
from bot.replies import Refused
from bot.table.render.replay import step_sections, street_label
from bot.web.context import context, html_response, refusal, signed_in
from bot.web.html import Html, from_markdown, h, join, page
from bot.web.pages.hands import own_hand


def _number(raw: str, limit: int) -> int | None:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        return None
    number = int(raw)
    return number if number < limit else None


def _link(hand_id: int, step: int, label: str, name: str, disabled: bool) -> Html:
    if disabled:
        return h(
            '<span class="button secondary" aria-disabled="true" aria-label="{name}">{label}'
            "</span>",
            name=name,
            label=label,
        )
    return h(
        '<a class="button secondary" href="/hands/{hand}/replay?step={step}" '
        'aria-label="{name}">{label}</a>',
        hand=hand_id,
        step=step,
        name=name,
        label=label,
    )


def step_nav(replay: Replay, number: int) -> Html:
    """|◀ ◀ ▶ ▶| (Discord's ⏮ ◀ ▶ ⏭ in glyphs every browser's fonts have), each a link to
    the step it goes to, and the streets, each to its first step (the step's own street
    marked, a street the hand never reached not a link)."""
    hand_id, last = replay.hand_id, len(replay.steps) - 1
    steps = join(
        _link(hand_id, target, label, t(name), disabled)
        for label, target, name, disabled in (
            ("|◀", 0, "web_replay_first", number == 0),
            ("◀", max(0, number - 1), "web_replay_previous", number == 0),
            ("▶", min(last, number + 1), "web_replay_next", number == last),
            ("▶|", last, "web_replay_last", number == last),
        )
    )
    current = replay.steps[number].street
    streets = []
    for street in range(STREETS):
        start = replay.street_start(street)
        label = street_label(street)
        if start is None:
            streets.append(h('<span class="off">{label}</span>', label=label))
        elif street == current:
            streets.append(
                h(
                    '<a href="/hands/{hand}/replay?step={step}" aria-current="step">{label}</a>',
                    hand=hand_id,
                    step=start,
                    label=label,
                )
            )
        else:
            streets.append(
                h(
                    '<a href="/hands/{hand}/replay?step={step}">{label}</a>',
                    hand=hand_id,
                    step=start,
                    label=label,
                )
            )
    return h(
        '<nav class="steps" aria-label="{steps_name}">{steps}</nav>'
        '<nav class="server streets" aria-label="{streets_name}">{streets}</nav>',
        steps_name=t("web_replay_steps"),
        steps=steps,
        streets_name=t("web_replay_streets"),
        streets=join(streets),
    )


def _lines(text: str) -> Html:
    return join(h("<li>{line}</li>", line=from_markdown(line)) for line in text.split("\n") if line)


async def replay_page(request: web.Request) -> web.Response:
    session = await signed_in(request)
    record = await own_hand(request, session)
    try:  # only a hand they played: whoever sees its channel now is Discord's question
        loaded = await load_replay(
            context(request).store,
            record.guild_id,
            record.id,
            session.user_id,
            can_view=lambda _channel: False,
        )
    except Refused as refused:
        body = h(
            '<p class="refused">{text}</p><p><a href="/hands">{back}</a></p>',
            text=from_markdown(str(refused)),
            back=t("web_hands_title"),
        )
        title = t("web_replay_heading", hand=str(record.id))
        return html_response(page(title, body, who=session.name, csrf=session.csrf), status=404)
    replay = loaded.replay
    steps = len(replay.steps)
    raw = request.query.get("step", "0")
    number = _number(raw, steps)
    if number is None:
        raise refusal(404, "web_replay_no_step", session)
    step = replay.steps[number]
    sections = step_sections(loaded, step)
    parts = [step_nav(replay, number)]
    for section in sections:
        heading = h("<h3>{heading}</h3>", heading=section.heading) if section.heading else Html("")
        parts.append(
            h(
                '<section class="card {key}">{heading}'
                '<ul class="lines plain">{lines}</ul></section>',
                key=section.key,
                heading=heading,
                lines=_lines(section.text),
            )
        )
    downloads = h(
        '<p class="downloads"><a href="/hands/{id}.phh" download>{phh}</a> · '
        '<a href="/hands/{id}.txt" download>{text}</a> · <a href="/hands">{back}</a></p>',
        id=record.id,
        phh=t("web_replay_phh"),
        text=t("web_replay_text"),
        back=t("web_hands_title"),
    )
    if record.status == "settled":
        parts.append(downloads)
    else:
        parts.append(h('<p><a href="/hands">{back}</a></p>', back=t("web_hands_title")))
    title = t("replay_title", hand_id=str(record.id), step=number + 1, steps=steps)
    return html_response(page(title, join(parts), who=session.name, csrf=session.csrf))
