"""A live table in HTML: the channel's words (round, pot, turn, seats, pause), names escaped;
drawn once per snapshot: a new snapshot is drawn again, the same one is not."""

from __future__ import annotations

from bot.messages import speaking
from bot.table.snapshot import SeatSnapshot, TableSnapshot
from bot.web import render
from bot.web.live import LiveTable


def live(pot: int, paused_by: int | None = None) -> LiveTable:
    seats = (
        SeatSnapshot(0, 11, "Al*ice* <i>", 400, bet=5, to_act=True),
        SeatSnapshot(1, 12, "Bob", 390),
    )
    snapshot = TableSnapshot(
        9,
        10,
        5,
        4,
        seats,
        hand_id=3,
        phase="betting",
        pot=pot,
        to_act_name="Al*ice* <i>",
        paused_by=paused_by,
    )
    return LiveTable(1, 9, 2, "poker", snapshot)


def test_the_table_as_the_channel_shows_it() -> None:
    with speaking("en"):
        drawn = render.table_html(live(15, paused_by=7), "Admin")
    assert "#poker · hand #3" in drawn
    assert "<strong>Pot</strong>: 15" in drawn
    assert "Al*ice* &lt;i&gt; to play" in drawn and "<i>" not in drawn
    assert "Paused by Admin: this is the last hand" in drawn


def test_a_snapshot_is_drawn_once() -> None:
    table = live(15)
    with speaking("en"):
        first = render.table_html(table)
        assert render.table_html(table) is first
        changed = render.table_html(live(25))
    assert changed is not first and "<strong>Pot</strong>: 25" in changed
    with speaking("sv"):
        assert render.table_html(table) != first  # another language, drawn in it
