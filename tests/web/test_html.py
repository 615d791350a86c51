"""The dashboard's HTML: every value escaped, a channel line's markdown read as the channel
shows it, no Discord tag left in the page (a mention left out, a time written as its UTC date
and time, once when Discord would show it twice)."""

from __future__ import annotations

from bot.messages import set_reader
from bot.web.html import Html, escape, from_markdown, h


def test_values_are_escaped_and_markup_is_kept() -> None:
    name = '<script>alert("x")</script>'
    piece = h("<b>{name}</b>", name=name)
    assert piece == "<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</b>"
    assert h("<p>{inner}</p>", inner=piece) == f"<p>{piece}</p>"  # Html is not escaped twice
    assert escape("a & b") == "a &amp; b" and isinstance(escape("x"), Html)


def test_a_channel_line_in_html() -> None:
    assert from_markdown("`1` **Al\\_ice** · 400") == "<code>1</code> <strong>Al_ice</strong> · 400"
    assert from_markdown("⏸ Paused by <@123>: no hand until <t:5:R>") == (
        "⏸ Paused by : no hand until 1970-01-01 00:00 UTC"
    )
    assert from_markdown("Starts <t:1800000000:F> (<t:1800000000:R>)") == (
        "Starts 2027-01-15 08:00 UTC"
    )
    assert from_markdown("**<img src=x onerror=alert(1)>**") == (
        "<strong>&lt;img src=x onerror=alert(1)&gt;</strong>"
    )


def test_a_commands_mention_reads_as_the_command() -> None:
    """The catalogue names commands by their mention (``</poker join:ID>``, which Discord shows
    in each reader's language); a page writes the command as typed, never the raw tag."""
    line = "Waiting: </poker join:1234567890123456789> or </pokeradmin house add:42>"
    assert str(from_markdown(line)) == (
        "Waiting: <code>/poker join</code> or <code>/pokeradmin house add</code>"
    )


def test_the_dealer_button_is_a_round_d_of_the_page_not_a_glyph() -> None:
    """Ⓓ has no font in a plain Debian Chromium (an empty box): the page draws its own."""
    set_reader("en")
    line = from_markdown("`1` Ⓓ **Alice <b>** · 490")
    assert "Ⓓ" not in line
    assert line == (
        '<code>1</code> <span class="dealer" role="img" aria-label="Dealer button" '
        'title="Dealer button">D</span> <strong>Alice &lt;b&gt;</strong> · 490'
    )
    assert from_markdown("no button here") == "no button here"
