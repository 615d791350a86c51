"""The lowball figures from stored hands (``bot.features.stats.lowball``) and the stats picture."""

from __future__ import annotations

import io
import time

from PIL import Image

from bot.art.chart import MAX_POINTS, stats_chart
from bot.engine.evaluator import rank27
from bot.features.stats.lowball import lowball_stats, period_start
from bot.store import PlayerHand

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


def test_the_chart_has_one_point_per_hand_and_is_quick() -> None:
    nets = [(-1) ** k * (k * 7 % 40) for k in range(80)]
    started = time.perf_counter()
    png = stats_chart(nets, [2.5, 1.2, None], line_title="Net", bars_title="Drawn")
    assert time.perf_counter() - started < 0.5
    image = Image.open(io.BytesIO(png))
    assert image.info["points"] == str(MAX_POINTS)
    colours = image.convert("RGB").getcolors(1 << 16) or []
    assert any(colour == (255, 0, 255) for _, colour in colours)
