"""A multi-table tournament's payouts by field size (docs/RULES-tournaments.md, "Multi-table
tournaments"): a preset table, about the top 15% paid ("standard", first place 30% of the pool
for a field of 30), or about the top 40% ("flat", for a home game where more should cash).
Prizes are whole chips: each place's share rounded down, the chips the rounding leaves going
to first place, so the prizes add up to the pool exactly (the sit-and-go's rule)."""

from __future__ import annotations

STANDARD: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (100,)),
    (4, (65, 35)),
    (7, (50, 30, 20)),
    (14, (40, 27, 19, 14)),
    (21, (30, 22, 18, 16, 14)),
    (34, (27, 19, 14, 11, 10, 10, 9)),
    (47, (25, 17, 13, 10, 9, 8, 7, 6, 5)),
)
"""(smallest field, percentage of the pool by place): 2-3 players one paid, 4-6 two, 7-13
three, 14-20 four, 21-33 five, 34-46 seven, 47-60 nine."""

PRESETS = ("standard", "flat")


def paid_places(field: int, preset: str = "standard") -> int:
    """How many places are paid for a field of ``field`` players."""
    return len(_weights(field, preset))


def _weights(field: int, preset: str) -> tuple[int, ...]:
    if field < 2:
        raise ValueError("a tournament needs at least two players")
    if preset == "standard":
        return next(p for smallest, p in reversed(STANDARD) if field >= smallest)
    if preset == "flat":
        # About 40% of the field paid (rounded to nearest, at least one), shares falling
        # evenly: the last paid place gets one part, the one above two parts, and so on.
        paid = max(1, (2 * field + 2) // 5)
        return tuple(range(paid, 0, -1))
    raise ValueError(f"unknown payout preset {preset!r}")


def mtt_prizes(pool: int, field: int, preset: str = "standard") -> tuple[int, ...]:
    """The prize of each paid place, first place first, summing to ``pool`` exactly."""
    if pool < 0:
        raise ValueError("a prize pool is never negative")
    weights = _weights(field, preset)
    total = sum(weights)
    shares = [pool * weight // total for weight in weights]
    shares[0] += pool - sum(shares)
    return tuple(shares)
