"""The lowball figures from stored hands (``bot.features.stats.lowball``), the lines
``/poker stats`` prints of them and the bars of its picture (``bot.features.stats.report``);
the picture itself: ``tests/art/test_chart.py``."""

from __future__ import annotations

import itertools

from bot.engine.evaluator import rank27
from bot.features.stats.lowball import lowball_stats, period_start
from bot.features.stats.report import drawing_bars, place_bars, place_ranges, stats_lines
from bot.store import PlayerHand, TournamentResult

PAIR = rank27("8s8d5c3h2s")
EIGHT_SIX = rank27("8c6h4d3d2d")
NUMBER_ONE = rank27("7s5d4c3h2s")


def hand(net: int, won: int = 0, **fields: object) -> PlayerHand:
    base: dict[str, object] = {
        "hand_id": 1,
        "ended_at": 0.0,
        "net": net,
        "won": won,
        "showed_down": False,
        "voluntary": False,
        "draws": None,
        "shown_rank": None,
    }
    base.update(fields)
    return PlayerHand(**base)  # type: ignore[arg-type]


def test_lowball_figures() -> None:
    hands = [
        hand(
            -20, draws=(0, 0, 0), showed_down=True, shown_rank=PAIR, voluntary=True
        ),  # snow caught
        hand(40, 60, draws=(0, 0, 0), showed_down=True, shown_rank=EIGHT_SIX, voluntary=True),
        hand(-10, draws=(2, 1), voluntary=False),
        hand(30, 50, draws=(3, 0, 0), showed_down=True, shown_rank=NUMBER_ONE, voluntary=None),
        hand(-5),  # from before draws were kept
    ]
    stats = lowball_stats(hands)
    assert (stats.hands, stats.net, stats.hands_won, stats.biggest_pot) == (5, 35, 2, 60)
    assert (stats.vpip_hands, stats.vpip_known) == (2, 4)
    assert (stats.showdowns, stats.showdowns_won) == (3, 2)
    assert stats.drew == (4, 4, 3) and stats.pat == (2, 3, 3)
    assert stats.average_drawn(0) == 5 / 4 and stats.pat_rate(2) == 1.0
    assert (stats.pat_showdowns, stats.snows_caught) == (2, 1)
    assert stats.best_rank == NUMBER_ONE
    assert stats.nets == (-20, 40, -10, 30, -5)
    assert lowball_stats([]).average_drawn(0) is None


def test_the_best_hand_comes_only_from_hands_the_reader_may_be_told_about() -> None:
    """Every hand counts in the totals; the best hand shown only from the nameable ones."""
    hands = [
        hand(30, 50, showed_down=True, shown_rank=NUMBER_ONE, channel_id=7),
        hand(-10, showed_down=True, shown_rank=EIGHT_SIX, channel_id=8),
    ]
    seen = lowball_stats(hands, lambda h: h.channel_id == 8)
    assert (seen.hands, seen.net, seen.showdowns, seen.best_rank) == (2, 20, 2, EIGHT_SIX)
    assert lowball_stats(hands, lambda h: False).best_rank is None
    assert lowball_stats(hands).best_rank == NUMBER_ONE


def test_periods() -> None:
    assert period_start("all") == 0.0
    assert period_start("week", now=1_000_000.0) == 1_000_000.0 - 7 * 86400
    assert period_start("month", now=1_000_000.0) == 1_000_000.0 - 30 * 86400


def test_a_figure_counted_out_of_nothing_is_not_printed() -> None:
    """No showdown: "Showdowns won: —", not "0 of 0"; no pat showdown: no snows line."""
    lines = dict(stats_lines(lowball_stats([hand(-10, draws=(2, 1)), hand(25, 40)])))
    assert lines["Showdowns won"] == "—"
    assert "Pat all the way and caught with a pair or worse" not in lines
    assert not any(" of 0" in value for value in lines.values()), lines
    shown = [hand(-20, draws=(0, 0, 0), showed_down=True, shown_rank=PAIR)]
    lines = dict(stats_lines(lowball_stats(shown)))
    assert lines["Showdowns won"] == "0 of 1"
    assert lines["Pat all the way and caught with a pair or worse"] == "1 of 1 pat showdowns"


def result(place: int, entrants: int, prize: int = 0, buy_in: int = 100) -> TournamentResult:
    return TournamentResult(place, float(place), buy_in, prize, place, entrants)


def test_a_sit_and_go_players_chart_counts_each_place_and_nets_from_zero() -> None:
    results = [result(1, 4, prize=300), result(4, 4), result(3, 6), result(1, 3, prize=200)]
    bars = place_bars(results)
    assert [(b.label, b.value, b.text) for b in bars] == [
        ("1", 2, "2"), ("2", 0, "0"), ("3", 1, "1"),
        ("4", 1, "1"), ("5", 0, "0"), ("6", 0, "0"),
    ]  # fmt: skip
    assert [r.net for r in results] == [200, -100, -100, 100]
    assert [b.value for b in place_bars([result(2, 2)])] == [0, 1]


def test_a_large_fields_places_are_grouped_into_six_bars_the_podium_alone() -> None:
    """A multi-table tournament's field (up to 60): 60 bars would be unreadable."""
    assert place_ranges(6) == [(p, p) for p in range(1, 7)]
    assert place_ranges(7) == [(1, 1), (2, 2), (3, 3), (4, 5), (6, 7)]
    assert place_ranges(14) == [(1, 1), (2, 2), (3, 3), (4, 7), (8, 11), (12, 14)]
    assert place_ranges(60) == [(1, 1), (2, 2), (3, 3), (4, 22), (23, 41), (42, 60)]
    for entrants in range(2, 61):
        ranges = place_ranges(entrants)
        assert len(ranges) <= 6 and ranges[0] == (1, 1) and ranges[-1][1] == entrants
        assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(ranges))
    results = [result(1, 4, prize=300), result(5, 14), result(14, 14), result(40, 60)]
    bars = place_bars(results)
    assert [(b.label, b.value) for b in bars] == [
        ("1", 1), ("2", 0), ("3", 0), ("4\u201322", 2), ("23\u201341", 1), ("42\u201360", 0),
    ]  # fmt: skip


def test_the_drawing_profile_has_a_bar_per_draw() -> None:
    stats = lowball_stats([hand(0, draws=(3, 1)), hand(0, draws=(2, 0))])
    bars = drawing_bars(stats)
    assert [(b.label, b.value, b.text) for b in bars] == [
        ("1", 2.5, "2.5"), ("2", 0.5, "0.5"), ("3", None, "—"),
    ]  # fmt: skip
